import { Badge, Box, Button, Card, Field, Flex, HStack, Heading, Image, NativeSelect, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';

import { LabeledSlider } from '@/components/ui/labeled-slider';
import { showToast } from '@/components/ui/toaster';
import { useUser } from '@/lib/auth';
import { defaultLogoSettings, logoFileProblem, logoImageTypes, logoMessages, logoOpacity, logoSizeLabel, logoSizeNames, roundOpacity, type LogoPosition, type LogoSizeName } from '@contract/rules/logo';
import type { LogoSettings, LogoState } from '@contract/users';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';

import { refusalText, removeLogo, updateLogoSettings, uploadLogo, useApplyLogoState } from '../api/logo';
import { sizeCaption } from '../lib/logo-preview';
import { LogoCornerPicker } from './logo-corner-picker';
import { ImageIcon, RefreshIcon, TrashIcon, UploadIcon } from './logo-icons';
import { LogoPreview } from './logo-preview';

/** The spec's opacity save delay (001 §9). */
const OPACITY_SAVE_MS = 500;

/**
 * Settings: Logo overlay (spec 001 §2, §5, §7, §9; issue 14). Upload a logo (checked here with the
 * spec's messages, then on the server), then its settings: enabled, and when enabled its corner, size
 * and opacity (saved 500 ms after the slider stops). The 9:16 preview shows where every new video will
 * put it, to scale.
 */
export function LogoSection() {
  const { data: user } = useUser();
  const applyState = useApplyLogoState();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [dragging, setDragging] = useState(false);

  const logoUrl = user?.logoUrl ?? null;
  const saved: LogoSettings = user?.logoSettings ?? { ...defaultLogoSettings };
  // The slider moves at once; the save follows 500 ms after it stops.
  const [opacity, setOpacity] = useState(saved.opacity);
  const opacityTimer = useRef<number | undefined>(undefined);
  const pendingOpacity = useRef<number | undefined>(undefined);
  // Only the latest request's answer is written back, so an older answer never undoes a newer choice.
  const latest = useRef(0);

  useEffect(() => {
    if (pendingOpacity.current === undefined) setOpacity(saved.opacity);
  }, [saved.opacity]);

  const save = useCallback(
    async (patch: Partial<LogoSettings>) => {
      if (!user) return;
      const request = ++latest.current;
      const before: LogoState = { logoUrl: user.logoUrl, logoSettings: user.logoSettings };
      void applyState({ logoUrl: user.logoUrl, logoSettings: { ...user.logoSettings, ...patch } });
      try {
        const answer = await updateLogoSettings(patch);
        if (request === latest.current) void applyState(answer);
      } catch (error) {
        showToast({ type: 'error', title: logoMessages.updateFailed, description: refusalText(error) });
        if (request === latest.current) {
          void applyState(before);
          setOpacity(before.logoSettings.opacity);
        }
      }
    },
    [user, applyState],
  );

  const flushOpacity = useCallback(() => {
    window.clearTimeout(opacityTimer.current);
    const value = pendingOpacity.current;
    pendingOpacity.current = undefined;
    if (value !== undefined) void save({ opacity: value });
  }, [save]);

  // A change still waiting when the page is left is saved then.
  const flushRef = useRef(flushOpacity);
  flushRef.current = flushOpacity;
  useEffect(() => () => flushRef.current(), []);

  function changeOpacity(value: number) {
    const rounded = Math.min(logoOpacity.max, Math.max(logoOpacity.min, roundOpacity(value)));
    setOpacity(rounded);
    pendingOpacity.current = rounded;
    window.clearTimeout(opacityTimer.current);
    opacityTimer.current = window.setTimeout(flushOpacity, OPACITY_SAVE_MS);
  }

  async function send(file: File | undefined) {
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) {
      showToast({ type: 'error', title: problem });
      return;
    }
    setUploading(true);
    try {
      void applyState(await uploadLogo(file));
      showToast({ type: 'success', title: logoUrl ? 'Logo replaced' : 'Logo uploaded' });
    } catch (error) {
      showToast({ type: 'error', title: logoMessages.uploadFailed, description: refusalText(error) });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setRemoving(true);
    try {
      window.clearTimeout(opacityTimer.current);
      pendingOpacity.current = undefined;
      latest.current++;
      void applyState(await removeLogo());
      setConfirmingRemove(false);
      showToast({ type: 'success', title: 'Logo removed' });
    } catch (error) {
      showToast({ type: 'error', title: logoMessages.removeFailed, description: refusalText(error) });
    } finally {
      setRemoving(false);
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };

  const settings: LogoSettings = { ...saved, opacity };
  const picker = (
    <input
      ref={input}
      type="file"
      hidden
      accept={logoImageTypes.join(',')}
      data-testid="logo-file-input"
      aria-label="Logo file"
      onChange={(event: ChangeEvent<HTMLInputElement>) => void send(event.currentTarget.files?.[0])}
    />
  );

  return (
    <Card.Root data-testid="logo-section" overflow="hidden">
      <Card.Header gap="1">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Heading size="md">Logo overlay</Heading>
          {logoUrl && (
            <Badge colorPalette={saved.enabled ? 'green' : 'gray'} variant="subtle" data-testid="logo-status">
              {saved.enabled ? 'On in new videos' : 'Off'}
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          Brand every video with your logo, in the corner you choose.
        </Text>
      </Card.Header>
      <Card.Body>
        {picker}
        {!user ? (
          <Skeleton h="64" rounded="lg" />
        ) : (
          <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '6', md: '10' }} align={{ base: 'center', md: 'flex-start' }}>
            <LogoPreview logoUrl={logoUrl} settings={settings} />
            <Stack flex="1" w="full" minW="0" gap="5">
              {!logoUrl ? (
                <Stack
                  align="center"
                  justify="center"
                  textAlign="center"
                  gap="3"
                  minH={{ base: '48', md: '64' }}
                  px="6"
                  py="8"
                  rounded="xl"
                  borderWidth="2px"
                  borderStyle="dashed"
                  borderColor={dragging ? 'brand.solid' : 'border.emphasized'}
                  bg={dragging ? 'brand.subtle' : 'bg.subtle'}
                  transition="background 0.15s, border-color 0.15s"
                  onDragOver={(event) => {
                    event.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                  data-testid="logo-dropzone"
                >
                  <Box color="brand.fg" fontSize="3xl">
                    <ImageIcon />
                  </Box>
                  <Stack gap="1">
                    <Text fontWeight="semibold">Add your logo</Text>
                    <Text fontSize="sm" color="fg.muted">
                      PNG, JPEG, WebP or GIF, up to 2 MB. A transparent PNG looks best.
                    </Text>
                  </Stack>
                  <Button colorPalette="brand" loading={uploading} loadingText="Uploading…" onClick={() => input.current?.click()}>
                    <UploadIcon /> Upload logo
                  </Button>
                  <Text fontSize="xs" color="fg.subtle" hideBelow="md">
                    or drop an image here
                  </Text>
                </Stack>
              ) : (
                <>
                  <HStack gap="3" p="3" rounded="lg" borderWidth="1px" bg="bg.subtle" wrap="wrap">
                    <Box w="14" h="14" rounded="md" borderWidth="1px" bg="bg" p="1" display="flex" alignItems="center" justifyContent="center" flexShrink="0" bgImage="repeating-conic-gradient(#e4e4e7 0% 25%, transparent 0% 50%)" bgSize="12px 12px">
                      <Image src={logoUrl} alt="" maxW="full" maxH="full" objectFit="contain" />
                    </Box>
                    <Stack gap="0" flex="1" minW="32">
                      <Text fontWeight="medium" fontSize="sm">
                        Your logo
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        Stored as a PNG; only you can see it.
                      </Text>
                    </Stack>
                    <HStack gap="2">
                      <Button size="sm" variant="outline" loading={uploading} onClick={() => input.current?.click()}>
                        <RefreshIcon /> Replace
                      </Button>
                      <Button size="sm" variant="outline" colorPalette="red" loading={removing} onClick={() => setConfirmingRemove(true)} data-testid="logo-remove">
                        <TrashIcon /> Remove
                      </Button>
                    </HStack>
                  </HStack>

                  <Switch.Root
                    checked={saved.enabled}
                    onCheckedChange={(details) => void save({ enabled: details.checked })}
                    colorPalette="brand"
                    display="flex"
                    justifyContent="space-between"
                    alignItems="center"
                    gap="4"
                    w="full"
                    px="3"
                    py="2.5"
                    rounded="lg"
                    borderWidth="1px"
                    cursor="pointer"
                    _hover={{ bg: 'bg.muted' }}
                    data-testid="logo-enabled"
                  >
                    <Stack gap="0" flex="1" minW="0">
                      <Switch.Label fontWeight="medium" fontSize="sm">
                        Show logo in videos
                      </Switch.Label>
                      <Text fontSize="xs" color="fg.muted">
                        Every video you render from now on carries it.
                      </Text>
                    </Stack>
                    <Switch.HiddenInput />
                    <Switch.Control flexShrink="0" />
                  </Switch.Root>

                  {saved.enabled && (
                    <Stack gap="5" data-testid="logo-controls">
                      <Flex gap="6" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }}>
                        <LogoCornerPicker value={saved.position} onChange={(position: LogoPosition) => void save({ position })} />
                        <Field.Root flex="1" minW="0">
                          <Field.Label fontSize="sm">Size</Field.Label>
                          <NativeSelect.Root size="sm">
                            <NativeSelect.Field
                              aria-label="Logo size"
                              data-testid="logo-size"
                              value={saved.size}
                              onChange={(event) => void save({ size: event.currentTarget.value as LogoSizeName })}
                            >
                              {logoSizeNames.map((name) => (
                                <option key={name} value={name}>
                                  {`${logoSizeLabel(name)} · ${sizeCaption(name)}`}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                          <Field.HelperText fontSize="xs">The logo fits inside this box, keeping its shape, 30 px from the edges.</Field.HelperText>
                        </Field.Root>
                      </Flex>
                      <LabeledSlider label="Opacity" value={opacity} min={logoOpacity.min} max={logoOpacity.max} step={logoOpacity.step} colorPalette="brand" onChange={changeOpacity} />
                    </Stack>
                  )}
                </>
              )}
            </Stack>
          </Flex>
        )}
      </Card.Body>
      <ConfirmDialog open={confirmingRemove} title="Remove Logo" confirmLabel="Remove" onConfirm={remove} onClose={() => setConfirmingRemove(false)}>
        Remove your logo? Videos rendered from now on will not carry it, and its settings go back to the defaults.
      </ConfirmDialog>
    </Card.Root>
  );
}
