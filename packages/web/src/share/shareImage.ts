/**
 * The share image: the result as it is on screen, at the spec's export scale, above a footer with a QR code of the
 * share link. Loaded on demand (ShareButton imports it when the image is asked for), so modern-screenshot and qrcode
 * never weigh on a page load.
 */
import { domToCanvas } from 'modern-screenshot';
import QRCode from 'qrcode';
import { SHARE_IMAGE_NAME, SHARE_IMAGE_SCALE } from '../config.ts';

/** Chromium's and Safari's largest canvas side: a longer result is drawn at a lower scale rather than failing. */
const MAX_CANVAS_SIDE = 16_384;
/**
 * The largest canvas area iOS Safari draws (above it the canvas comes out blank), the strictest of the major browsers.
 * Holding every image to it also keeps a desktop result near twice its screen resolution instead of a 100-megapixel
 * file that takes a loaded machine minutes to encode and a chat app refuses to send.
 */
const MAX_CANVAS_AREA = 16_777_216;

/** The footer's sizes in CSS pixels, multiplied by the scale the result is drawn at. */
const FOOTER = { padding: 24, qr: 132, gap: 20, brandFont: 18, textFont: 14, linkFont: 12, lineGap: 8 };
/** Below this width (CSS pixels) the footer stacks the QR code above its text, as on a phone. */
const STACK_BELOW = 560;
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", sans-serif';

export interface ShareImageText {
  brand: string;
  scanToView: string;
}

/** Elements marked data-share-exclude (the share controls themselves) are left out of the image. */
function keep(node: Node): boolean {
  return !(node instanceof HTMLElement && node.dataset.shareExclude !== undefined);
}

/** Renders `node` with the footer for `link` and downloads it as 分享.png. */
export async function downloadShareImage(node: HTMLElement, link: string, text: ShareImageText): Promise<void> {
  const blob = await renderShareImage(node, link, text);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = SHARE_IMAGE_NAME;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // The download has its own copy once click() returns; a later revoke keeps the page's memory small.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function renderShareImage(node: HTMLElement, link: string, text: ShareImageText): Promise<Blob> {
  const width = node.scrollWidth;
  const stacked = width < STACK_BELOW;
  const footerHeight = footerCssHeight(stacked, width, link, text);
  const height = node.scrollHeight + footerHeight;
  const scale = Math.min(
    SHARE_IMAGE_SCALE,
    MAX_CANVAS_SIDE / width,
    MAX_CANVAS_SIDE / height,
    Math.sqrt(MAX_CANVAS_AREA / (width * height)),
  );
  const result = await domToCanvas(node, { scale, backgroundColor: '#ffffff', filter: keep });
  const canvas = document.createElement('canvas');
  canvas.width = result.width;
  canvas.height = result.height + Math.ceil(footerHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(result, 0, 0);
  await drawFooter(context, { top: result.height, width: canvas.width / scale, scale, stacked, link, text });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the image could not be encoded'))), 'image/png'),
  );
}

/** Lines of `words` (split at spaces, or anywhere for a link or CJK text) that fit `maxWidth` at the current font. */
function wrap(context: CanvasRenderingContext2D, words: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of words) {
    if (line && context.measureText(line + char).width > maxWidth) {
      lines.push(line);
      line = char.trim();
    } else {
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const measureCanvas = () => document.createElement('canvas').getContext('2d');

/** The text column's width and each block's lines, measured at scale 1. */
function layout(
  context: CanvasRenderingContext2D,
  stacked: boolean,
  width: number,
  link: string,
  text: ShareImageText,
) {
  const column = stacked ? width - 2 * FOOTER.padding : width - 2 * FOOTER.padding - FOOTER.qr - FOOTER.gap;
  const blocks = [
    { font: `600 ${FOOTER.brandFont}px ${FONT_FAMILY}`, size: FOOTER.brandFont, color: '#1f1f1f', text: text.brand },
    { font: `${FOOTER.textFont}px ${FONT_FAMILY}`, size: FOOTER.textFont, color: '#434343', text: text.scanToView },
    { font: `${FOOTER.linkFont}px ${FONT_FAMILY}`, size: FOOTER.linkFont, color: '#1677ff', text: link },
  ].map((block) => {
    context.font = block.font;
    return { ...block, lines: wrap(context, block.text, column) };
  });
  const textHeight = blocks.reduce((sum, b) => sum + b.lines.length * (b.size + 6) + FOOTER.lineGap, 0);
  return { column, blocks, textHeight };
}

function footerCssHeight(stacked: boolean, width: number, link: string, text: ShareImageText): number {
  const context = measureCanvas();
  if (!context) return FOOTER.qr + 2 * FOOTER.padding;
  const { textHeight } = layout(context, stacked, width, link, text);
  const content = stacked ? FOOTER.qr + FOOTER.gap + textHeight : Math.max(FOOTER.qr, textHeight);
  return content + 2 * FOOTER.padding;
}

async function drawFooter(
  context: CanvasRenderingContext2D,
  at: { top: number; width: number; scale: number; stacked: boolean; link: string; text: ShareImageText },
): Promise<void> {
  const { top, width, scale, stacked, link, text } = at;
  const qr = document.createElement('canvas');
  // Margin 4 is the QR quiet zone readers expect; error correction M survives the PNG being resized.
  await QRCode.toCanvas(qr, link, { margin: 4, errorCorrectionLevel: 'M', width: Math.round(FOOTER.qr * scale) });

  context.save();
  context.strokeStyle = '#f0f0f0';
  context.lineWidth = scale;
  context.beginPath();
  context.moveTo(0, top + scale / 2);
  context.lineTo(width * scale, top + scale / 2);
  context.stroke();
  context.scale(scale, scale);
  const { blocks } = layout(context, stacked, width, link, text);
  const footerTop = top / scale + FOOTER.padding;
  const qrLeft = stacked ? (width - FOOTER.qr) / 2 : FOOTER.padding;
  context.imageSmoothingEnabled = false;
  context.drawImage(qr, qrLeft, footerTop, FOOTER.qr, FOOTER.qr);
  let y = stacked ? footerTop + FOOTER.qr + FOOTER.gap : footerTop;
  const x = stacked ? width / 2 : FOOTER.padding + FOOTER.qr + FOOTER.gap;
  context.textAlign = stacked ? 'center' : 'left';
  context.textBaseline = 'top';
  for (const block of blocks) {
    context.font = block.font;
    context.fillStyle = block.color;
    for (const line of block.lines) {
      context.fillText(line, x, y);
      y += block.size + 6;
    }
    y += FOOTER.lineGap;
  }
  context.restore();
}
