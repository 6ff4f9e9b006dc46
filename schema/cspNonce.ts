/**
 * What the built `index.html` holds where the host writes the nonce of each response's
 * Content-Security-Policy: Vite's `html.cspNonce` puts it in `<meta property="csp-nonce">`, which
 * the app reads for the styles it injects (CodeMirror's).
 */
export const cspNoncePlaceholder = 'SWITCHBOARD_CSP_NONCE';
