import { Button, Field, HStack, NativeSelect, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';

import { useSWRConfig } from 'swr';

import { showToast } from '@/components/ui/toaster';
import { USER_KEY, useUser } from '@/lib/auth';
import { getVoiceSample, languageName, proxiedMediaUrl, selectVoiceSpeed, useVoices, voiceLabel, voicesForLanguage } from '@/lib/voices';
import type { LanguageCode } from '@contract/languages';
import { voiceSpeedChoices, voiceSpeedLabel, voiceSpeedRange } from '@contract/rules/voice-speed';

type SampleState = 'idle' | 'loading' | 'playing' | 'stopped';

/** The voice's speed: 0.8x–1.3x for every voice, remembered for the user (PATCH /api/user). */
function VoiceSpeedSelect() {
  const { mutate } = useSWRConfig();
  const { data: user } = useUser();
  const [speed, setSpeed] = useState<number | null>(null);
  const current = speed ?? user?.voiceSpeed ?? voiceSpeedRange.default;

  async function change(value: number) {
    setSpeed(value);
    try {
      await selectVoiceSpeed(value);
      await mutate(USER_KEY);
    } catch {
      showToast({ type: 'error', title: 'Failed to save the voice speed' });
    }
  }

  return (
    <NativeSelect.Root w="24" flex="none">
      <NativeSelect.Field aria-label="Voice speed" value={String(current)} onChange={(event) => void change(Number(event.currentTarget.value))}>
        {voiceSpeedChoices.map((choice) => (
          <option key={choice} value={String(choice)}>
            {voiceSpeedLabel(choice)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * A voice select with a sample that plays (sections 2 and 4: idle, loading, playing, stopped), and the
 * voice's speed. With a `language`, only the voices that speak it are offered; the chosen voice, if it
 * does not, stays shown apart with a note.
 */
export function VoiceSelect({
  value,
  onChange,
  label = 'Voice',
  language,
}: {
  value: string;
  onChange: (voiceId: string) => void;
  label?: string;
  language?: LanguageCode;
}) {
  const { data: voices } = useVoices();
  const [state, setState] = useState<SampleState>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(() => () => audio.current?.pause(), []);

  const { offered, unfit, note } = voicesForLanguage(voices ?? [], language, value);
  const noteId = useId();
  const mine = offered.filter((voice) => voice.visibility === 'private');
  const presets = offered.filter((voice) => voice.visibility !== 'private');

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
      url = (await getVoiceSample(voice.id, language)).sampleAudioUrl;
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
      showToast({
        type: 'error',
        title: error instanceof Error && error.message === 'play' ? 'Failed to play voice sample audio' : 'Failed to play voice sample',
      });
    }
  }

  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      {/* On a phone the voice takes the whole line and its speed and sample go under it. */}
      <HStack w="full" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <NativeSelect.Root flex={{ base: '1 1 100%', md: '1' }} invalid={Boolean(note)}>
          <NativeSelect.Field
            aria-label={label}
            aria-describedby={note ? noteId : undefined}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
          >
            {!value && <option value="">Select a voice</option>}
            {unfit && language && (
              <optgroup label={`Does not speak ${languageName(language)}`}>
                <option value={unfit.id}>{voiceLabel(unfit)}</option>
              </optgroup>
            )}
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
        <VoiceSpeedSelect />
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
      {note && (
        <Text id={noteId} color="fg.error" textStyle="xs">
          {note}
        </Text>
      )}
    </Field.Root>
  );
}
