import { Box } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';

import type { LanguageCode } from '@contract/languages';
import { buildAss, captionFontNames, captionScriptFontsOf, type WordTiming } from '@contract/rules/ass-document';
import { captionSampleWords } from '@contract/rules/caption-scripts';
import { captionEmojiPlacements } from '@contract/rules/caption-emoji';
import { captionFrame } from '@contract/rules/caption-layout';

import { emojiImageUrl } from '../../lib/caption-emoji-images';
import type { CaptionSettings } from '../../lib/caption-settings';
import type { LibassPreview } from '../../lib/libass-preview';
import { CaptionPreview } from './caption-preview';

/** The sample sentence in the script's language spoken at an even pace: each word 0.4 s, 0.1 s apart. */
function sampleTimingsOf(language: LanguageCode | undefined): WordTiming[] {
  return captionSampleWords(language).map((word, i) => ({ word, start: i * 0.5, end: i * 0.5 + 0.4 }));
}
/**
 * The moment drawn: the second word being spoken, after the highlight's pop has settled (80 + 120 ms),
 * so every style shows its emphasis (the CSS preview shows the same word highlighted).
 */
const previewSeconds = 0.5 + 0.3;

type Engine = 'loading' | 'ready' | 'failed';

/**
 * The exact preview: the ASS file the render burns in, built by the same code
 * (`@contract/rules/ass-document`) from the sample sentence, drawn by libass in WebAssembly with the
 * render's font files over a still of the first assigned clip. libass loads lazily when the dialog
 * opens; until it has drawn, and for good if WebAssembly or its worker cannot load, the CSS preview
 * shows instead (`data-engine` says which: loading, ready or failed).
 */
export function ExactCaptionPreview({ settings, backgroundSrc, language }: { settings: CaptionSettings; backgroundSrc?: string; language?: LanguageCode }) {
  const sampleTimings = useMemo(() => sampleTimingsOf(language), [language]);
  // The creator's per-word emphasis names the script's words, not the sample's: the sample keeps the rule's own choice.
  const ass = useMemo(
    () => buildAss(sampleTimings, { ...settings, emphasis: {}, language }, { fontName: captionFontNames[settings.font_family] }),
    [settings, sampleTimings, language],
  );
  // The script fonts the sample needs besides the family (only those are fetched).
  const scripts = useMemo(() => captionScriptFontsOf(sampleTimings, { ...settings, language }), [settings, sampleTimings, language]);
  // The caption emoji shown at that moment: the render's placement (@contract/rules/caption-emoji), an <img> where the render lays the image.
  const emoji = useMemo(
    () => captionEmojiPlacements(sampleTimings, { ...settings, emphasis: {}, emoji_choices: {} }).filter((placement) => placement.start <= previewSeconds && previewSeconds < placement.end),
    [settings, sampleTimings],
  );
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef({ ass, family: settings.font_family, scripts });
  latest.current = { ass, family: settings.font_family, scripts };
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
          await engine.draw(latest.current.ass, latest.current.family, previewSeconds, latest.current.scripts);
        } while (queue.again);
        setState('ready');
      } catch (error) {
        console.warn('Exact caption preview failed to draw; showing the CSS preview', error);
        setState('failed');
      } finally {
        queue.running = false;
      }
    })();
  }, [engine, ass]);

  const exact = state === 'ready';
  return (
    <Box data-testid="exact-caption-preview" data-engine={state}>
      <CaptionPreview settings={settings} backgroundSrc={backgroundSrc} captionHidden={exact} language={language}>
        {state !== 'failed' && <Box ref={host} position="absolute" inset="0" opacity={exact ? 1 : 0} />}
        {emoji.map((placement) => (
          <img
            key={`${placement.file}-${placement.start}`}
            data-testid="caption-preview-emoji"
            src={emojiImageUrl(placement.file)}
            alt=""
            style={{
              position: 'absolute',
              left: `${(100 * placement.left) / captionFrame.width}%`,
              top: `${(100 * placement.top) / captionFrame.height}%`,
              width: `${(100 * placement.size) / captionFrame.width}%`,
              pointerEvents: 'none',
            }}
          />
        ))}
      </CaptionPreview>
    </Box>
  );
}
