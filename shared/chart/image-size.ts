/**
 * Size of a chart image (PNG download, server images, exports): CSS px at twice the pixels, so a PNG is
 * IMAGE_WIDTH × IMAGE_PIXEL_RATIO = 1600 px wide, sharp on a slide or a high-density screen.
 */
export const IMAGE_WIDTH = 800;
export const IMAGE_PIXEL_RATIO = 2;
/** Height added to the plot for title, subtitle, legend and x axis (CSS px). */
export const IMAGE_DECORATION_HEIGHT = 120;

/** The image's CSS height for a plot height (the view's `height` option). */
export function imageHeight(plotHeight: number): number {
  return Math.round(plotHeight + IMAGE_DECORATION_HEIGHT);
}
