import { createWorker, OEM } from 'tesseract.js';

/** What OCR reports while it works: the step and its fraction (0-1), and which image of how many. */
export interface OcrProgress {
  image: number;
  images: number;
  progress: number;
}

/**
 * Reads the text of images in the browser with tesseract.js. Everything comes from the app itself under
 * `<base>/ocr/` (docs/design.md, "The editor and uploads"): the worker runs from its own URL (not a blob:, so the
 * server's OCR policy with 'wasm-unsafe-eval' applies to it and not to the pages), the core picks the LSTM build
 * the browser runs, and the language data is English, with simplified Chinese added for a Chinese interface.
 * One worker reads the images in turn and is ended afterwards; the texts are joined by a blank line.
 */
export async function readImages(
  files: readonly File[],
  chinese: boolean,
  onProgress: (progress: OcrProgress) => void,
): Promise<string> {
  const base = new URL(`${import.meta.env.BASE_URL}ocr/`, window.location.href).href;
  let image = 0;
  const worker = await createWorker(chinese ? ['eng', 'chi_sim'] : ['eng'], OEM.LSTM_ONLY, {
    workerPath: `${base}worker.min.js`,
    corePath: `${base}core/`,
    langPath: `${base}lang`,
    workerBlobURL: false,
    gzip: true,
    logger: (message: { status: string; progress: number }) => {
      if (message.status === 'recognizing text') {
        onProgress({ image, images: files.length, progress: message.progress });
      }
    },
  });
  try {
    const texts: string[] = [];
    for (const file of files) {
      image += 1;
      onProgress({ image, images: files.length, progress: 0 });
      const { data } = await worker.recognize(file);
      texts.push(data.text.trim());
    }
    return texts.filter(Boolean).join('\n\n');
  } finally {
    await worker.terminate();
  }
}
