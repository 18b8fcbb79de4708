import { Button, CloseButton, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { mutate } from 'swr';

import { showToast } from '@/components/ui/toaster';
import { apiPatch } from '@/lib/api-client';
import { USER_KEY, useUser } from '@/lib/auth';
import type { CaptionPreset } from '@contract/caption-settings';
import { maxCaptionPresets } from '@contract/rules/captions';

type PresetSettings = CaptionPreset['settings'];

async function savePresets(presets: CaptionPreset[]): Promise<boolean> {
  try {
    await apiPatch('/api/user', { captionPresets: presets });
    await mutate(USER_KEY);
    return true;
  } catch (error) {
    showToast({ type: 'error', title: 'Preset not saved', description: error instanceof Error ? error.message : undefined });
    return false;
  }
}

/**
 * The creator's named caption presets, kept on their account: a tap applies one (its look and
 * settings); "Save as preset" keeps the current settings under a name (the same name replaces it). The
 * scripts' dialog and the templates' dialog both show them, so a schedule's template can use one too.
 */
export function CaptionPresets({ current, onApply }: { current: PresetSettings; onApply: (settings: PresetSettings) => void }) {
  const { data: user } = useUser();
  const presets = user?.captionPresets ?? [];
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const replacing = presets.some((preset) => preset.name.toLowerCase() === trimmed.toLowerCase());
  const full = presets.length >= maxCaptionPresets && !replacing;

  async function save() {
    if (!trimmed || full) return;
    setBusy(true);
    const next = [...presets.filter((preset) => preset.name.toLowerCase() !== trimmed.toLowerCase()), { name: trimmed, settings: current }];
    if (await savePresets(next)) {
      showToast({ type: 'success', title: `Preset "${trimmed}" saved` });
      setNaming(false);
      setName('');
    }
    setBusy(false);
  }

  return (
    <Stack gap="2" data-testid="caption-presets">
      {naming ? (
        <HStack gap="2">
          <Input
            size="xs"
            autoFocus
            aria-label="Preset name"
            placeholder="Preset name"
            maxLength={40}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void save();
              if (event.key === 'Escape') setNaming(false);
            }}
          />
          <Button size="xs" colorPalette="brand" onClick={() => void save()} loading={busy} disabled={!trimmed || full}>
            {replacing ? 'Replace' : 'Save'}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => setNaming(false)}>
            Cancel
          </Button>
        </HStack>
      ) : (
        <Wrap gap="1.5" align="center">
          {presets.length > 0 && (
            <Wrap gap="1.5" role="group" aria-label="Your caption presets">
              {presets.map((preset) => (
                <HStack key={preset.name} gap="0" borderWidth="1px" rounded="full" ps="1" pe="0.5">
                  <Button size="2xs" variant="ghost" rounded="full" onClick={() => onApply(preset.settings)}>
                    {preset.name}
                  </Button>
                  <CloseButton
                    size="2xs"
                    rounded="full"
                    aria-label={`Delete preset ${preset.name}`}
                    onClick={() => void savePresets(presets.filter((p) => p.name !== preset.name))}
                  />
                </HStack>
              ))}
            </Wrap>
          )}
          <Button size="xs" variant="outline" rounded="full" onClick={() => setNaming(true)}>
            Save as preset
          </Button>
        </Wrap>
      )}
      {naming && full && (
        <Text fontSize="xs" color="fg.error">
          You have {maxCaptionPresets} presets: delete one first.
        </Text>
      )}
    </Stack>
  );
}
