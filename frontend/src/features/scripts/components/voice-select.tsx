import { Button, Field, HStack, NativeSelect, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

import { showToast } from '@/components/ui/toaster';
import { getVoiceSample, proxiedMediaUrl, useVoices, voiceLabel } from '@/lib/voices';

type SampleState = 'idle' | 'loading' | 'playing' | 'stopped';

/** A voice select with a sample that plays (000 sections 2 and 4: idle, loading, playing, stopped). */
export function VoiceSelect({ value, onChange, label = 'Voice' }: { value: string; onChange: (voiceId: string) => void; label?: string }) {
  const { data: voices } = useVoices();
  const [state, setState] = useState<SampleState>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(() => () => audio.current?.pause(), []);

  const mine = (voices ?? []).filter((voice) => voice.visibility === 'private');
  const presets = (voices ?? []).filter((voice) => voice.visibility !== 'private');

  async function play() {
    if (state === 'playing') {
      audio.current?.pause();
      setState('stopped');
      return;
    }
    const voice = voices?.find((v) => v.id === value);
    if (!voice) {
      showToast({ type: 'error', title: 'Selected voice not found' });
      return;
    }
    setState('loading');
    let url: string | undefined;
    try {
      url = (await getVoiceSample(voice.id)).sampleAudioUrl;
    } catch {
      setState('idle');
      showToast({ type: 'error', title: 'Failed to get voice sample' });
      return;
    }
    if (!url) {
      setState('idle');
      showToast({ type: 'error', title: 'No sample audio URL returned' });
      return;
    }
    try {
      audio.current?.pause();
      const player = new Audio(proxiedMediaUrl(url));
      audio.current = player;
      player.onended = () => setState('stopped');
      player.onerror = () => {
        setState('idle');
        showToast({ type: 'error', title: 'Failed to load voice sample' });
      };
      await player.play().catch(() => {
        throw new Error('play');
      });
      setState('playing');
    } catch (error) {
      setState('idle');
      showToast({ type: 'error', title: error instanceof Error && error.message === 'play' ? 'Failed to play voice sample audio' : 'Failed to play voice sample' });
    }
  }

  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack w="full">
        <NativeSelect.Root flex="1">
          <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
            {!value && <option value="">Select a voice</option>}
            {mine.length > 0 && (
              <optgroup label="Your Voice">
                {mine.map((voice) => (
                  <option key={voice.id} value={voice.id}>
                    {voiceLabel(voice)}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label="Preset voices">
              {presets.map((voice) => (
                <option key={voice.id} value={voice.id}>
                  {voiceLabel(voice)}
                </option>
              ))}
            </optgroup>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {/* Named by its text (what it shows is part of what it is called): "Play voice sample", "Stop voice sample". */}
        <Button variant="outline" onClick={() => void play()} loading={state === 'loading'} disabled={!value} minW="24">
          {/* One span: the button's flex gap would otherwise open between the words and the hidden part. */}
          {state === 'playing' ? (
            <span>
              Stop<VisuallyHidden> voice sample</VisuallyHidden>
            </span>
          ) : (
            <span>
              Play<VisuallyHidden> voice</VisuallyHidden> sample
            </span>
          )}
        </Button>
      </HStack>
    </Field.Root>
  );
}
