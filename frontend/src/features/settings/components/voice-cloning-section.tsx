import { Badge, Box, Button, Card, Checkbox, Field, Grid, HStack, Heading, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import useSWR from 'swr';

import { AppDialog } from '@/components/ui/app-dialog';
import { showToast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useVoices } from '@/lib/voices';
import { formatBytes } from '@/lib/format-bytes';
import { voiceCloneMessages, voiceConsentLabel, voiceSampleRules } from '@contract/rules/voice-samples';
import type { Stats } from '@contract/stats';
import type { PublicVoice } from '@contract/voices';

import { cloneVoice, deleteVoice, makeDefaultVoice } from '../api/voice-cloning';
import { formProblem, pickFiles } from '../lib/voice-files';
import { VoiceCloneList } from './voice-clone-list';
import { CloseIcon, MicIcon, UploadIcon } from './voice-icons';
import { DialogActions } from '@/components/ui/dialog-actions';

const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : undefined);

/** Settings: Voice cloning: the form, then the user's clones. */
export function VoiceCloningSection() {
  const { data: voices } = useVoices();
  const { data: stats } = useSWR<Stats>('/api/stats');
  const [name, setName] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [consent, setConsent] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<PublicVoice | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  const mine = (voices ?? []).filter((voice) => voice.visibility === 'private');
  const limit = stats?.voiceCloneLimit;
  const used = stats?.clonedVoices ?? mine.length;
  const atLimit = limit !== undefined && used >= limit;

  function onPick(list: FileList | null) {
    const result = pickFiles(files, [...(list ?? [])]);
    setFiles(result.accepted);
    setRefused(result.refused);
    if (result.refused.length > 0)
      showToast({
        type: 'error',
        title: result.refused.length === 1 ? 'A file was not added' : `${result.refused.length} files were not added`,
        description: result.refused.join('\n'),
      });
    if (input.current) input.current.value = '';
  }

  async function onClone() {
    setTried(true);
    const problem = formProblem({ name, files, consent });
    if (problem) {
      showToast({ type: 'error', title: problem });
      return;
    }
    setUploading(true);
    setProgress(0);
    try {
      const result = await cloneVoice({ name: name.trim(), files, consent, onProgress: setProgress });
      showToast({
        type: 'success',
        title: `“${result.voice.name}” is ready`,
        description:
          result.voice.clone?.method === 'offline'
            ? 'Made offline: an eSpeak voice matched to your pitch and pace. Pick it as Your Voice on any script.'
            : 'Pick it as Your Voice on any script.',
      });
      setName('');
      setFiles([]);
      setConsent(false);
      setTried(false);
      setRefused([]);
    } catch (error) {
      showToast({ type: 'error', title: voiceCloneMessages.cloneFailed, description: serverMessage(error) ?? 'Please try again.' });
    } finally {
      setUploading(false);
    }
  }

  async function onDelete(voice: PublicVoice) {
    setBusyId(voice.id);
    try {
      await deleteVoice(voice.id);
      showToast({ type: 'success', title: `Deleted “${voice.name}”` });
      setConfirming(null);
    } catch (error) {
      showToast({ type: 'error', title: voiceCloneMessages.deleteFailed, description: serverMessage(error) });
    } finally {
      setBusyId(null);
    }
  }

  async function onMakeDefault(voice: PublicVoice) {
    setBusyId(voice.id);
    try {
      await makeDefaultVoice(voice.id);
      showToast({ type: 'success', title: `“${voice.name}” is your default voice` });
    } catch (error) {
      showToast({ type: 'error', title: 'Failed to update default voice', description: serverMessage(error) });
    } finally {
      setBusyId(null);
    }
  }

  const nameMissing = tried && !name.trim();
  const filesMissing = tried && files.length === 0;
  const consentMissing = tried && !consent;

  return (
    <Card.Root overflow="hidden" data-testid="voice-cloning-section">
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <HStack gap="3" align="start" minW="0">
            <Box
              flexShrink={0}
              boxSize="10"
              borderRadius="lg"
              bg="brand.subtle"
              color="brand.fg"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontSize="xl"
              aria-hidden
            >
              <MicIcon />
            </Box>
            <Stack gap="0.5" minW="0">
              <Heading size="md">Voice cloning</Heading>
              <Text fontSize="sm" color="fg.muted">
                Record yourself reading for 10 seconds to 3 minutes and every voice-over can sound like you.
              </Text>
            </Stack>
          </HStack>
          <Badge size="lg" variant="subtle" colorPalette={atLimit ? 'orange' : 'brand'} data-testid="voice-clone-count">
            {limit === undefined ? `${used} cloned` : `${used} / ${limit} voice clones`}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1.1fr) minmax(0, 1fr)' }} gap={{ base: '6', lg: '8' }}>
          <Stack
            gap="4"
            as="form"
            onSubmit={(event) => {
              event.preventDefault();
              void onClone();
            }}
            aria-label="Clone a voice"
          >
            <Field.Root invalid={nameMissing}>
              <Field.Label>Voice name</Field.Label>
              <Input
                value={name}
                maxLength={voiceSampleRules.maxNameChars}
                placeholder="e.g. My narration voice"
                onChange={(event) => setName(event.currentTarget.value)}
                disabled={uploading}
              />
              {nameMissing && <Field.ErrorText>{voiceCloneMessages.nameRequired}</Field.ErrorText>}
            </Field.Root>

            <Field.Root invalid={filesMissing}>
              <Field.Label>Voice samples</Field.Label>
              <Box
                w="full"
                borderWidth="2px"
                borderStyle="dashed"
                borderColor={filesMissing ? 'border.error' : 'border'}
                borderRadius="xl"
                p="4"
                bg="bg.subtle"
                textAlign="center"
                cursor={uploading ? 'not-allowed' : 'pointer'}
                _hover={{ borderColor: uploading ? undefined : 'brand.400' }}
                transition="border-color 0.15s"
                onClick={() => !uploading && input.current?.click()}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  if (!uploading) onPick(event.dataTransfer.files);
                }}
              >
                <Stack gap="1.5" align="center">
                  <Box color="brand.fg" fontSize="2xl" aria-hidden>
                    <UploadIcon />
                  </Box>
                  <Button
                    size="sm"
                    variant="surface"
                    colorPalette="brand"
                    disabled={uploading}
                    onClick={(event) => {
                      event.stopPropagation();
                      input.current?.click();
                    }}
                  >
                    Choose audio files
                  </Button>
                  <Text fontSize="xs" color="fg.muted">
                    or drop them here · audio only, up to 10 MB each · 10 s to 3 min in all
                  </Text>
                </Stack>
                <input
                  ref={input}
                  type="file"
                  accept="audio/*"
                  multiple
                  hidden
                  aria-label="Voice sample files"
                  data-testid="voice-files-input"
                  onChange={(event) => onPick(event.currentTarget.files)}
                />
              </Box>
              {filesMissing && <Field.ErrorText>{voiceCloneMessages.noFiles}</Field.ErrorText>}
              {refused.length > 0 && (
                <Stack gap="0.5" mt="1">
                  {refused.map((line) => (
                    <Text key={line} fontSize="xs" color="fg.error">
                      {line}
                    </Text>
                  ))}
                </Stack>
              )}
            </Field.Root>

            {files.length > 0 && (
              <Stack gap="1.5" data-testid="voice-files">
                {files.map((file, index) => (
                  <HStack key={`${file.name}-${file.size}`} gap="2" borderWidth="1px" borderRadius="lg" px="3" py="1.5" bg="bg">
                    <Text fontSize="sm" flex="1" minW="0" lineClamp={1} title={file.name}>
                      {file.name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                      {formatBytes(file.size)}
                    </Text>
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      aria-label={`Remove ${file.name}`}
                      disabled={uploading}
                      onClick={() => setFiles(files.filter((_, i) => i !== index))}
                    >
                      <CloseIcon />
                    </IconButton>
                  </HStack>
                ))}
              </Stack>
            )}

            <Field.Root invalid={consentMissing}>
              <Checkbox.Root
                checked={consent}
                onCheckedChange={(details) => setConsent(details.checked === true)}
                disabled={uploading}
                colorPalette="brand"
                alignItems="flex-start"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label fontWeight="normal">{voiceConsentLabel}</Checkbox.Label>
              </Checkbox.Root>
              {consentMissing && <Field.ErrorText>{voiceCloneMessages.consentRequired}</Field.ErrorText>}
            </Field.Root>

            <Stack gap="1.5">
              <Button
                type="submit"
                colorPalette="brand"
                loading={uploading}
                loadingText={progress < 100 ? `Uploading… ${progress}%` : 'Cloning…'}
                disabled={atLimit}
                w={{ base: 'full', sm: 'auto' }}
                alignSelf={{ sm: 'flex-start' }}
              >
                <MicIcon /> Clone voice
              </Button>
              {atLimit && (
                <Text fontSize="xs" color="fg.muted">
                  Your plan includes {limit} {limit === 1 ? 'voice clone' : 'voice clones'}. Delete one or upgrade to clone another.
                </Text>
              )}
            </Stack>
          </Stack>

          <Stack gap="3" minW="0">
            <HStack justify="space-between">
              <Heading size="sm">Your cloned voices</Heading>
            </HStack>
            <VoiceCloneList voices={mine} busyId={busyId} onMakeDefault={(voice) => void onMakeDefault(voice)} onDelete={setConfirming} />
            {mine.some((voice) => voice.clone?.method === 'offline') && (
              <Text fontSize="xs" color="fg.muted">
                Offline approximation: without an ElevenLabs key, a clone is an eSpeak voice set to your measured pitch and speaking rate. It is not a true copy
                of your voice.
              </Text>
            )}
          </Stack>
        </Grid>
      </Card.Body>

      <AppDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete this voice?"
        size="sm"
        footer={
          <DialogActions onCancel={() => setConfirming(null)}>
            <Button colorPalette="red" loading={confirming !== null && busyId === confirming.id} onClick={() => confirming && void onDelete(confirming)}>
              Delete
            </Button>
          </DialogActions>
        }
      >
        <Text>“{confirming?.name}” and its samples will be deleted. Scripts that used it will speak with your default voice.</Text>
      </AppDialog>
    </Card.Root>
  );
}
