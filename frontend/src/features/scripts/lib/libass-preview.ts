/**
 * The exact caption preview's engine: libass compiled to WebAssembly (the `jassub` package) draws the
 * ASS file the render burns in (`@contract/rules/ass-document`) with the same font files, on a canvas
 * the size of the preview. Everything here is loaded lazily, when the Video Generation Settings dialog
 * opens: the worker, the 2 MB wasm and the fonts are files of the site's own origin (hashed assets),
 * so the page's CSP needs only 'wasm-unsafe-eval' (functions/platform/http/security-headers.ts).
 */
import JASSUB from 'jassub';
import modernWasmUrl from 'jassub/dist/wasm/jassub-worker-modern.wasm?url';
import wasmUrl from 'jassub/dist/wasm/jassub-worker.wasm?url';
import workerUrl from 'jassub/dist/worker/worker.js?worker&url';

import archivoBlack from '@expo-google-fonts/archivo-black/400Regular/ArchivoBlack_400Regular.ttf?url';
import arimoRegular from '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf?url';
import arimoItalic from '@expo-google-fonts/arimo/400Regular_Italic/Arimo_400Regular_Italic.ttf?url';
import arimoBold from '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf?url';
import arimoBoldItalic from '@expo-google-fonts/arimo/700Bold_Italic/Arimo_700Bold_Italic.ttf?url';
import tinosRegular from '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf?url';
import tinosItalic from '@expo-google-fonts/tinos/400Regular_Italic/Tinos_400Regular_Italic.ttf?url';
import tinosBold from '@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf?url';
import tinosBoldItalic from '@expo-google-fonts/tinos/700Bold_Italic/Tinos_700Bold_Italic.ttf?url';
import dejavuSans from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import dejavuSansBold from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import dejavuSansBoldOblique from 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf?url';
import dejavuSansOblique from 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf?url';

import notoSansArabic from '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf?url';
import notoSansDevanagari from '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf?url';
import notoSansHebrew from '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf?url';
import notoSansJp from '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf?url';
import notoSansKr from '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf?url';
import notoSansSc from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';
import notoSansThai from '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf?url';
import notoSans from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';

import { captionFontNames } from '@contract/rules/ass-document';
import type { ScriptFont } from '@contract/rules/caption-script-fonts';
import { captionFrame } from '@contract/rules/caption-layout';

import type { FontFamily } from './caption-settings';

/**
 * The TTF files of each bundled family: the same files adapters/ffmpeg/fonts.ts gives the render (one
 * family's folder per render), so libass picks the same face for bold and italic here as there.
 */
const familyFiles: Record<(typeof captionFontNames)[FontFamily], string[]> = {
  'Archivo Black': [archivoBlack],
  Arimo: [arimoRegular, arimoBold, arimoItalic, arimoBoldItalic],
  'DejaVu Sans': [dejavuSans, dejavuSansBold, dejavuSansOblique, dejavuSansBoldOblique],
  Tinos: [tinosRegular, tinosBold, tinosItalic, tinosBoldItalic],
};

/**
 * The script fonts (Noto Sans, bold) the ASS file names with `\fn` where the family has no glyphs: the
 * render's files too. Each is fetched the first time a caption needs it (Noto Sans SC is 10.5 MB).
 */
const scriptFiles: Record<ScriptFont, string> = {
  latin: notoSans,
  arabic: notoSansArabic,
  hebrew: notoSansHebrew,
  devanagari: notoSansDevanagari,
  thai: notoSansThai,
  japanese: notoSansJp,
  han: notoSansSc,
  hangul: notoSansKr,
};

const absolute = (url: string) => new URL(url, window.location.href).href;

/** How long the worker and wasm may take to start before the preview stays with its CSS stand-in. */
const startTimeoutMs = 20_000;

export interface LibassPreview {
  /** Draws `ass` at `seconds` with `family`'s fonts and the script fonts it names (each fetched the first time it is used). */
  draw(ass: string, family: FontFamily, seconds: number, scripts?: readonly ScriptFont[]): Promise<void>;
  destroy(): void;
}

/** Whether this browser can run it at all: WebAssembly, module workers and an OffscreenCanvas. */
export function libassSupported(): boolean {
  return (
    typeof WebAssembly === 'object' &&
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function'
  );
}

/**
 * Starts libass on `canvas` (its control moves to the worker: a canvas is used once). Rejects when the
 * worker or the wasm cannot load (blocked, missing, unsupported) or does not answer in time.
 */
export async function startLibassPreview(
  canvas: HTMLCanvasElement,
  ass: string,
  family: FontFamily,
  scripts: readonly ScriptFont[] = [],
): Promise<LibassPreview> {
  if (!libassSupported()) throw new Error('WebAssembly, workers or OffscreenCanvas are missing');
  const loaded = new Set<string>([captionFontNames[family], ...scripts]);
  const instance = new JASSUB({
    canvas,
    subContent: ass,
    workerUrl: absolute(workerUrl),
    wasmUrl: absolute(wasmUrl),
    modernWasmUrl: absolute(modernWasmUrl),
    fonts: [...familyFiles[captionFontNames[family]], ...scripts.map((script) => scriptFiles[script])].map(absolute),
    defaultFont: captionFontNames[family],
    // Only the bundled fonts, as the render's fontconfig: never the machine's or Google's.
    queryFonts: false,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const failed = new Promise<never>((_, reject) => {
    instance._worker.addEventListener('error', () => reject(new Error('the libass worker failed to load')), { once: true });
    timer = setTimeout(() => reject(new Error('the libass worker did not start in time')), startTimeoutMs);
  });
  try {
    await Promise.race([instance.ready, failed]);
    // The worker reports a failed start (e.g. the wasm refused) by leaving the renderer unset.
    if (!(instance.renderer as unknown)) throw new Error('libass did not start');
  } catch (error) {
    void instance.destroy().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }

  let destroyed = false;
  return {
    async draw(content, nextFamily, seconds, nextScripts = []) {
      if (destroyed) return;
      const name = captionFontNames[nextFamily];
      const wanted = [
        ...(loaded.has(name) ? [] : familyFiles[name]),
        ...nextScripts.filter((script) => !loaded.has(script)).map((script) => scriptFiles[script]),
      ];
      loaded.add(name);
      for (const script of nextScripts) loaded.add(script);
      if (wanted.length > 0) await instance.renderer.addFonts(wanted.map(absolute));
      await instance.renderer.setTrack(content);
      await instance.manualRender({ expectedDisplayTime: performance.now(), width: captionFrame.width, height: captionFrame.height, mediaTime: seconds }, true);
    },
    destroy() {
      destroyed = true;
      void instance.destroy().catch(() => undefined);
    },
  };
}
