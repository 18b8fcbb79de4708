import { Box } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';

import type { LanguageCode } from '@contract/languages';
import { buildAss, captionFontNames, captionScriptFontsOf, type WordTiming } from '@contract/rules/ass-document';

import type { CaptionSettings } from '../../lib/caption-settings';
import type { LibassPreview } from '../../lib/libass-preview';
import { useCaptionPreviewLine } from '../../lib/use-caption-preview-line';
import { CaptionPreview } from './caption-preview';
import { CaptionPreviewEmoji } from './caption-preview-emoji';

type Engine = 'loading' | 'ready' | 'failed';

/** What both caption previews draw: the script's line (or the sample) in the creator's settings. */
export interface CaptionLinePreviewProps {
  settings: CaptionSettings;
  backgroundSrc?: string;
  language?: LanguageCode;
  scriptContent?: string;
  /** The voice-over's word timings, when it exists. */
  voice?: readonly WordTiming[] | null;
  /** A voice-over word index: the preview shows that word's line (else the first). */
  focusWord?: number;
}

/**
 * The exact preview: the ASS file the render burns in, built by the same code
 * (`@contract/rules/ass-document`) from the script's own words (the voice-over's timings when it exists,
 * else evenly timed; the sample sentence only for a script without words), drawn by libass in
 * WebAssembly with the render's font files over a still of the first assigned clip, at a moment of one
 * line: the line whose emoji the creator chose last (`focusWord`, a voice-over word index), else the
 * first (`@contract/rules/caption-preview-line`). The line's emoji is an <img> where the render lays the
 * image. libass loads lazily when the dialog opens; until it has drawn, and for good if WebAssembly or
 * its worker cannot load, the CSS preview shows instead (`data-engine` says which: loading, ready or failed).
 */
export function ExactCaptionPreview({ settings, backgroundSrc, language, scriptContent = '', voice, focusWord }: CaptionLinePreviewProps) {
  const { words, sample, settings: shownSettings, frame } = useCaptionPreviewLine({ scriptContent, voice, language, settings, focusWord });
  const ass = useMemo(() => buildAss(words, shownSettings, { fontName: captionFontNames[settings.font_family] }), [words, shownSettings, settings.font_family]);
  // The script fonts the words need besides the family (only those are fetched).
  const scripts = useMemo(() => captionScriptFontsOf(words, shownSettings), [words, shownSettings]);
  const previewSeconds = frame?.seconds ?? 0;
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef({ ass, family: settings.font_family, scripts, seconds: previewSeconds });
  latest.current = { ass, family: settings.font_family, scripts, seconds: previewSeconds };
  const [engine, setEngine] = useState<LibassPreview | null>(null);
  const [state, setState] = useState<Engine>('loading');

  // Start libass once per mount. The canvas is made here, not by React: its control moves to the
  // worker, which a canvas allows once (StrictMode's second mount gets a new one).
  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const canvas = document.createElement('canvas');
    canvas.dataset.testid = 'caption-preview-canvas';
    Object.assign(canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%', pointerEvents: 'none' });
    parent.append(canvas);
    let cancelled = false;
    let started: LibassPreview | null = null;
    import('../../lib/libass-preview')
      .then(({ startLibassPreview }) => startLibassPreview(canvas, latest.current.ass, latest.current.family, latest.current.scripts))
      .then((preview) => {
        started = preview;
        if (cancelled) preview.destroy();
        else setEngine(preview);
      })
      .catch((error: unknown) => {
        canvas.remove();
        if (cancelled) return;
        console.warn('Exact caption preview unavailable; showing the CSS preview', error);
        setState('failed');
      });
    return () => {
      cancelled = true;
      started?.destroy();
      canvas.remove();
    };
  }, []);

  // Redraw on every change, one draw at a time and always the newest settings.
  const drawing = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  useEffect(() => {
    if (!engine) return;
    const queue = drawing.current;
    if (queue.running) {
      queue.again = true;
      return;
    }
    queue.running = true;
    void (async () => {
      try {
        do {
          queue.again = false;
          await engine.draw(latest.current.ass, latest.current.family, latest.current.seconds, latest.current.scripts);
        } while (queue.again);
        setState('ready');
      } catch (error) {
        console.warn('Exact caption preview failed to draw; showing the CSS preview', error);
        setState('failed');
      } finally {
        queue.running = false;
      }
    })();
  }, [engine, ass, previewSeconds]);

  const exact = state === 'ready';
  return (
    <Box data-testid="exact-caption-preview" data-engine={state}>
      <CaptionPreview settings={settings} backgroundSrc={backgroundSrc} captionHidden={exact} language={language} words={sample ? undefined : frame?.text}>
        {state !== 'failed' && <Box ref={host} position="absolute" inset="0" opacity={exact ? 1 : 0} />}
        {frame?.emoji && <CaptionPreviewEmoji placement={frame.emoji} />}
      </CaptionPreview>
    </Box>
  );
}

/**
 * The CSS preview of the same line where libass is not loaded (a phone): the line's words set as the
 * render sets them, approximately, with its emoji at the render's place.
 */
export function LineCaptionPreview({ settings, backgroundSrc, language, scriptContent = '', voice, focusWord }: CaptionLinePreviewProps) {
  const { sample, frame } = useCaptionPreviewLine({ scriptContent, voice, language, settings, focusWord });
  return (
    <CaptionPreview settings={settings} backgroundSrc={backgroundSrc} language={language} words={sample ? undefined : frame?.text}>
      {frame?.emoji && <CaptionPreviewEmoji placement={frame.emoji} />}
    </CaptionPreview>
  );
}
