// Redoc's inlined bundle still points its attribution logo at Redocly's CDN. The built page replaces that
// URL with an inline SVG so that the page makes no request that leaves the machine.
const CDN_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16">' +
  '<text x="0" y="12" font-family="sans-serif" font-size="12" fill="#0044d4">Redocly</text></svg>';
export const INLINE_LOGO = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;

export function inlineCdnAssets(html) {
  let out = html;
  for (const url of CDN_LOGOS) out = out.split(url).join(INLINE_LOGO);
  return out;
}
