/**
 * The image sources of a first screen's markup (server/render/first-screen.ts, docs/ui-contract.md §21), per
 * figure: the light `<img>` (its `src` is the 1× candidate, its `srcset` the others) and the dark `<source>`.
 */
export interface FigureSources {
  key: string;
  /** Pixel-ratio descriptor (`1x`, `2x`) → URL (a file's path or a data: URL). */
  light: Record<string, string>;
  dark: Record<string, string>;
}

/** `URL 1x, URL 2x` → {1x: URL, 2x: URL}. */
function candidates(srcset: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of srcset ? srcset.split(', ') : []) {
    const [url, descriptor] = c.split(' ') as [string, string];
    out[descriptor] = url;
  }
  return out;
}

export function firstScreenSources(html: string): FigureSources[] {
  return [...html.matchAll(/<figure data-first-screen="([^"]+)"[\s\S]*?<\/figure>/g)].map(([figure, key]) => {
    const img = /<img [^>]*>/.exec(figure)![0];
    const dark = /<source [^>]*\bsrcset="([^"]+)"/.exec(figure)?.[1];
    return {
      key: key!,
      light: { '1x': /\bsrc="([^"]+)"/.exec(img)![1]!, ...candidates(/\bsrcset="([^"]+)"/.exec(img)?.[1]) },
      dark: candidates(dark),
    };
  });
}

/** The bytes of a `data:image/png;base64,…` URL, or null for any other URL. */
export function pngDataUrlBytes(url: string): Buffer | null {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(url);
  return m ? Buffer.from(m[1]!, 'base64') : null;
}
