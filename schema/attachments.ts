/**
 * What a prompt carries besides its text (CONTRACT.md §7, `ChatService.Send(agent, text,
 * attachments)`): images the user pasted, dropped or took, and files of the agent's `cwd` named
 * with `@`. Shared by the host that checks them, the worker that sends them and the app.
 */

/** The image types ACP agents take (and Switchboard shows). */
export const imageMimeTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export type ImageMimeType = (typeof imageMimeTypes)[number];

export const isImageMimeType = (value: unknown): value is ImageMimeType =>
  imageMimeTypes.includes(value as ImageMimeType);

/**
 * How much one message may carry. The request that carries it must fit the wire's limit of 5 MiB
 * (`host/server/createServer.ts`): 3 MiB of images are 4 MiB of base64. The app makes a large
 * photo smaller before it sends it (`maxImageSide`).
 */
export const attachmentLimits = {
  images: 4,
  /** Decoded bytes of all the images of one message together. */
  imageBytes: 3 * 1024 * 1024,
  files: 10,
  /** A file of the `cwd` is embedded (ACP `resource`) up to this size, else sent as a link. */
  embeddedBytes: 256 * 1024,
} as const;

/** An attachment as `Send` takes it. `path` is relative to the agent's `cwd` (or absolute in it). */
export type SendAttachment =
  { kind: 'image'; mimeType: ImageMimeType; data: string } | { kind: 'file'; path: string };

/**
 * An attachment as the user message keeps it. An image is stored once, by the host, under `id`
 * (the SHA-256 of its bytes) and served at `/api/attachments/<id>`: the message and its events
 * carry no base64. A file is its path relative to the agent's `cwd`.
 */
export type MessageAttachment =
  | { kind: 'image'; mimeType: ImageMimeType; id: string; size: number }
  | { kind: 'file'; path: string };

/**
 * What the agent takes in a prompt besides text (ACP's `promptCapabilities` of its last
 * `initialize`): `Conversation().prompt`, an extension to CONTRACT.md §7. Both false until the
 * agent has run once.
 */
export interface PromptOffer {
  image: boolean;
  embeddedContext: boolean;
}

export const noPromptOffer: PromptOffer = { image: false, embeddedContext: false };

/** The URL the app shows a message's image from (the host's, behind the token). */
export const attachmentUrl = (id: string) => `/api/attachments/${encodeURIComponent(id)}`;

/** The app sends a photo whose longest side is past this many pixels made smaller, as JPEG. */
export const maxImageSide = 1600;

/** The most paths `ChatService.Files(agent, query)` answers. */
export const maxFileMatches = 50;
