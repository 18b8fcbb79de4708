/**
 * Reads the libass canvas in the page. Its control went to the worker (an OffscreenCanvas), so it
 * cannot be read directly; drawn into a fresh canvas it gives the worker's last frame. Caption pixels
 * are those at least a quarter opaque (the canvas is transparent where libass drew nothing; the
 * render's ink box counts the same half-transparent shadow over its dark background).
 */
export const readCaptionPixels = `(() => {
  const source = document.querySelector('[data-testid="caption-preview-canvas"]');
  if (!source || !source.width || !source.height) return null;
  const copy = document.createElement('canvas');
  copy.width = source.width;
  copy.height = source.height;
  const context = copy.getContext('2d');
  context.drawImage(source, 0, 0);
  const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height);
  let count = 0, top = height, bottom = -1, left = width, right = -1;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    if (data[(y * width + x) * 4 + 3] < 64) continue;
    count++;
    if (y < top) top = y;
    if (y > bottom) bottom = y;
    if (x < left) left = x;
    if (x > right) right = x;
  }
  return count ? { count, top: top / height, bottom: (bottom + 1) / height, left: left / width, right: (right + 1) / width } : { count: 0, top: 0, bottom: 0, left: 0, right: 0 };
})()`;
