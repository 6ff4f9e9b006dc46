/**
 * The nonce of this page's Content-Security-Policy, for the `<style>` elements the app makes
 * (CodeMirror's): the host writes it into Vite's `<meta property="csp-nonce">` of each response.
 * The browser hides the attribute once the policy applies; the `nonce` property keeps it.
 */
export function cspNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}
