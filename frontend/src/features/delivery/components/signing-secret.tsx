import { Button, Clipboard, Code, Field, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { showToast } from '@/components/ui/toaster';

import { rotateWebhookSecret, type CardSettings } from '../api/delivery';
import { maskSecret } from '../lib/delivery';
import { EyeIcon, EyeOffIcon, RotateIcon } from './icons';
import { AppDialog } from '@/components/ui/app-dialog';
import { failureText } from '@/lib/failure-text';
import { DialogActions } from '@/components/ui/dialog-actions';

/**
 * The Standard Webhooks signing secret (`whsec_…`): masked until revealed, copyable, and rotatable after
 * a confirmation (the receiver must be given the new one).
 */
export function SigningSecret({ secret, onRotated }: { secret: string | undefined; onRotated: (settings: CardSettings) => void }) {
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);

  async function rotate() {
    setRotating(true);
    try {
      const settings = await rotateWebhookSecret();
      onRotated(settings);
      setConfirming(false);
      setRevealed(true);
      showToast({ type: 'success', title: 'Signing secret rotated', description: 'Give the new secret to your receiver.' });
    } catch (error) {
      showToast({ type: 'error', title: 'Failed to rotate signing secret', description: failureText(error, 'Please try again.') });
    } finally {
      setRotating(false);
    }
  }

  return (
    <Field.Root>
      <Field.Label>Signing secret</Field.Label>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full" align={{ sm: 'center' }}>
        <Code
          flex="1"
          minW="0"
          px="3"
          py="2"
          fontSize="sm"
          rounded="md"
          variant="surface"
          truncate
          data-testid="signing-secret"
          aria-label={revealed ? 'Signing secret' : 'Signing secret (hidden)'}
        >
          {secret ? (revealed ? secret : maskSecret(secret)) : 'Made when you first save'}
        </Code>
        <HStack gap="1" flexShrink="0">
          <IconButton
            aria-label={revealed ? 'Hide signing secret' : 'Reveal signing secret'}
            size="sm"
            variant="outline"
            onClick={() => setRevealed(!revealed)}
            disabled={!secret}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </IconButton>
          <Clipboard.Root value={secret ?? ''} timeout={1500}>
            <Clipboard.Trigger asChild>
              <IconButton aria-label="Copy signing secret" size="sm" variant="outline" disabled={!secret}>
                <Clipboard.Indicator />
              </IconButton>
            </Clipboard.Trigger>
          </Clipboard.Root>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} disabled={!secret}>
            <RotateIcon /> Rotate
          </Button>
        </HStack>
      </Stack>
      <Field.HelperText>
        Every webhook is signed with this secret (Standard Webhooks: <Code fontSize="xs">webhook-id</Code>, <Code fontSize="xs">webhook-timestamp</Code>,{' '}
        <Code fontSize="xs">webhook-signature</Code> headers), so your receiver can check it came from Reelsmith.
      </Field.HelperText>
      <AppDialog
        scrollBehavior="inside"
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Rotate signing secret?"
        size="sm"
        footer={
          <DialogActions onCancel={() => setConfirming(false)}>
            <Button colorPalette="red" loading={rotating} onClick={() => void rotate()}>
              Rotate secret
            </Button>
          </DialogActions>
        }
      >
        <Text>
          A new secret is made and the current one stops working straight away. Webhooks will fail verification until your receiver uses the new secret.
        </Text>
      </AppDialog>
    </Field.Root>
  );
}
