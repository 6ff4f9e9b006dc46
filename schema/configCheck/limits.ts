/**
 * How large a configuration may be (docs/configuration.md, "Limits"): far above any real one,
 * far below what would cost the host more than a few tens of megabytes to check.
 */

/** The largest configuration text, in bytes of UTF-8: real ones are a few kilobytes. */
export const maxConfigBytes = 1024 * 1024;
/** Values and keys in one text: a configuration of 100 agents has a couple of thousand. */
export const maxNodes = 5_000;
/** Far above any real configuration (they nest 5 levels), far below what overflows the stack. */
export const maxNesting = 64;

/** The length of `text` in UTF-8, without encoding it (this module runs in browsers too). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4; // a surrogate pair
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/** Whether `text` is over {@link maxConfigBytes}, counted only when it could be. */
export const isTooLarge = (text: string): boolean =>
  // Every UTF-16 unit is one to three bytes.
  text.length > maxConfigBytes ||
  (text.length * 3 > maxConfigBytes && utf8Length(text) > maxConfigBytes);
