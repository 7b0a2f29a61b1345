/**
 * The renderer's Content Security Policy. Strict: scripts only from our own files, no eval, no
 * inline scripts, no plugins, no framing, no remote connections (the harness's same-origin
 * WebSocket is covered by 'self'). The same string is in renderer/index.html as a meta tag and is
 * sent as a header by the Electron session; a test keeps both equal.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
].join('; ');
