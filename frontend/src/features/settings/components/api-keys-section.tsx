import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  CheckboxCard,
  Clipboard,
  Code,
  EmptyState,
  Field,
  Fieldset,
  Flex,
  Heading,
  HStack,
  Input,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';

import { KeyIcon } from '@/components/icons';
import { AppDialog } from '@/components/ui/app-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { IconTile } from '@/components/ui/icon-tile';
import { showToast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import type { ApiKey, CreatedApiKey } from '@contract/api-keys';
import { apiKeyBounds, apiKeyLimits, apiKeyMessages, apiKeyScopeDescriptions, apiKeyScopes, shownPrefix, type ApiKeyScope } from '@contract/rules/api-keys';

import { createApiKey, revokeApiKey, useApiKeys } from '../api/api-keys';
import { dayFromToday, endOfDay, keyDate, timeAgo } from '../lib/api-key-dates';

const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : undefined) ?? 'Please try again.';

const scopePalettes: Record<ApiKeyScope, string> = { read: 'gray', write: 'blue', publish: 'purple' };
const scopeNames: Record<ApiKeyScope, string> = { read: 'Read', write: 'Write', publish: 'Publish' };

function ScopeBadges({ scopes }: { scopes: readonly ApiKeyScope[] }) {
  return (
    <HStack gap="1.5" wrap="wrap">
      {apiKeyScopes
        .filter((scope) => scopes.includes(scope))
        .map((scope) => (
          <Badge key={scope} colorPalette={scopePalettes[scope]} variant="subtle" size="sm" data-testid={`api-key-scope-${scope}`}>
            {scope}
          </Badge>
        ))}
    </HStack>
  );
}

function Meta({ label, children }: { label: string; children: string }) {
  return (
    <Stack gap="0" minW={{ base: '0', md: '28' }}>
      <Text fontSize="xs" color="fg.subtle" textTransform="uppercase" letterSpacing="wider" fontWeight="medium">
        {label}
      </Text>
      <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
        {children}
      </Text>
    </Stack>
  );
}

function KeyRow({ apiKey, now, onRevoke }: { apiKey: ApiKey; now: number; onRevoke: () => void }) {
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= now;
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
      gap={{ base: '3', md: '6' }}
      px={{ base: '4', md: '5' }}
      py="4"
      data-testid="api-key-row"
    >
      <Stack gap="1.5" flex="1" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" minW="0" overflowWrap="anywhere">
            {apiKey.name}
          </Text>
          {expired && (
            <Badge colorPalette="red" variant="solid" size="sm">
              {apiKeyMessages.expired}
            </Badge>
          )}
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Code size="sm" variant="surface" data-testid="api-key-prefix">
            {shownPrefix(apiKey.prefix)}
          </Code>
          <ScopeBadges scopes={apiKey.scopes} />
        </HStack>
      </Stack>
      <HStack gap={{ base: '4', md: '6' }} align="start" wrap="wrap">
        <Meta label="Created">{keyDate(apiKey.createdAt)}</Meta>
        <Meta label="Last used">{apiKey.lastUsedAt ? timeAgo(apiKey.lastUsedAt, now) : apiKeyMessages.neverUsed}</Meta>
        <Meta label="Expires">{apiKey.expiresAt ? keyDate(apiKey.expiresAt) : 'Never'}</Meta>
      </HStack>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        alignSelf={{ base: 'start', md: 'center' }}
        onClick={onRevoke}
        aria-label={`${apiKeyMessages.revoke} ${apiKey.name}`}
      >
        {apiKeyMessages.revoke}
      </Button>
    </Flex>
  );
}

function CreateKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (created: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setName('');
    setScopes(['read']);
    setExpiry('');
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((now) => (on ? apiKeyScopes.filter((s) => s === scope || now.includes(s)) : now.filter((s) => s !== scope)));

  const submit = async () => {
    if (!name.trim()) return setProblem(apiKeyMessages.nameRequired);
    if (scopes.length === 0) return setProblem(apiKeyMessages.scopesRequired);
    setBusy(true);
    setProblem(null);
    try {
      const created = await createApiKey({ name: name.trim(), scopes, ...(expiry ? { expiresAt: endOfDay(expiry) } : {}) });
      reset();
      onCreated(created);
    } catch (error) {
      setProblem(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      title={apiKeyMessages.createTitle}
      busy={busy}
      footer={
        <DialogActions onCancel={close} cancelDisabled={busy}>
          <Button colorPalette="brand" onClick={() => void submit()} loading={busy} loadingText="Creating…" data-testid="api-key-create-submit">
            {apiKeyMessages.create}
          </Button>
        </DialogActions>
      }
    >
      <Stack
        as="form"
        gap="5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field.Root required invalid={problem === apiKeyMessages.nameRequired}>
          <Field.Label>{apiKeyMessages.nameLabel}</Field.Label>
          <Input
            value={name}
            maxLength={apiKeyBounds.nameMax}
            placeholder={apiKeyMessages.namePlaceholder}
            onChange={(event) => setName(event.target.value)}
            data-testid="api-key-name"
            autoFocus
          />
        </Field.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontSize="sm" fontWeight="medium" mb="2">
            {apiKeyMessages.scopesLabel}
          </Fieldset.Legend>
          <Stack gap="2">
            {apiKeyScopes.map((scope) => (
              <CheckboxCard.Root
                key={scope}
                size="sm"
                colorPalette="brand"
                checked={scopes.includes(scope)}
                onCheckedChange={(details) => toggle(scope, details.checked === true)}
                data-testid={`api-key-scope-option-${scope}`}
              >
                <CheckboxCard.HiddenInput />
                <CheckboxCard.Control>
                  <CheckboxCard.Content>
                    <CheckboxCard.Label>{scopeNames[scope]}</CheckboxCard.Label>
                    <CheckboxCard.Description>{apiKeyScopeDescriptions[scope]}</CheckboxCard.Description>
                  </CheckboxCard.Content>
                  <CheckboxCard.Indicator />
                </CheckboxCard.Control>
              </CheckboxCard.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        <Field.Root>
          <Field.Label>{apiKeyMessages.expiryLabel}</Field.Label>
          <Input
            type="date"
            value={expiry}
            min={dayFromToday(1)}
            max={dayFromToday(apiKeyBounds.expiryMaxDays - 1)}
            onChange={(event) => setExpiry(event.target.value)}
            data-testid="api-key-expiry"
          />
          <Field.HelperText>{apiKeyMessages.expiryHelp}</Field.HelperText>
        </Field.Root>
        {problem && (
          <Text fontSize="sm" color="fg.error" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}

function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <AppDialog
      open={created !== null}
      onClose={onClose}
      title={apiKeyMessages.createdTitle}
      footer={
        <Button colorPalette="brand" onClick={onClose} data-testid="api-key-done">
          {apiKeyMessages.done}
        </Button>
      }
    >
      {created && (
        <Stack gap="4">
          <Alert.Root status="warning" variant="subtle">
            <Alert.Indicator />
            <Alert.Description data-testid="api-key-warning">{apiKeyMessages.createdWarning}</Alert.Description>
          </Alert.Root>
          <Stack gap="1.5">
            <HStack gap="2" justify="space-between">
              <Text fontWeight="semibold" minW="0" overflowWrap="anywhere">
                {created.name}
              </Text>
              <ScopeBadges scopes={created.scopes} />
            </HStack>
            <Clipboard.Root value={created.key} timeout={2000}>
              <Flex
                direction={{ base: 'column', sm: 'row' }}
                align={{ base: 'stretch', sm: 'center' }}
                gap="3"
                borderWidth="1px"
                rounded="lg"
                bg="bg.subtle"
                px="3"
                py="2.5"
              >
                <Text
                  flex="1"
                  minW="0"
                  fontFamily="mono"
                  fontSize="sm"
                  wordBreak="break-all"
                  userSelect="all"
                  aria-label="Your new API key"
                  data-testid="api-key-value"
                >
                  {created.key}
                </Text>
                <Clipboard.Trigger asChild>
                  <Button size="sm" colorPalette="brand" flexShrink={0} data-testid="api-key-copy">
                    <Clipboard.Indicator />
                    <Clipboard.Context>{(clipboard) => (clipboard.copied ? apiKeyMessages.copied : apiKeyMessages.copy)}</Clipboard.Context>
                  </Button>
                </Clipboard.Trigger>
              </Flex>
            </Clipboard.Root>
          </Stack>
          <Box rounded="lg" bg="gray.900" color="gray.100" px="3" py="2.5" overflowX="auto">
            <Text fontSize="xs" color="gray.400" mb="1">
              Call the API with it, e.g.:
            </Text>
            <Text as="pre" fontFamily="mono" fontSize="xs" whiteSpace="pre" data-testid="api-key-example">
              {`curl ${window.location.origin}/api/scripts \\
  -H "Authorization: Bearer $REELSMITH_API_KEY"`}
            </Text>
          </Box>
        </Stack>
      )}
    </AppDialog>
  );
}

/**
 * Settings → API keys: the keys with their scopes, first characters, created, last used and expiry;
 * Create (name, scopes, optional expiry), then the key shown once with a copy button; Revoke, asked first.
 */
export function ApiKeysSection() {
  const { data: keys, isLoading, mutate } = useApiKeys();
  const { data: user } = useUser();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const limit = apiKeyLimits[user?.subscriptionTier ?? 'free'];
  const count = keys?.length ?? 0;
  const atLimit = count >= limit;
  const now = Date.now();

  const revoke = async () => {
    const key = revoking;
    if (!key) return;
    try {
      await revokeApiKey(key.id);
      showToast({ type: 'success', title: apiKeyMessages.revokedToast(key.name) });
    } catch (error) {
      showToast({ type: 'error', title: 'Revoke failed', description: serverMessage(error) });
    }
    setRevoking(null);
    await mutate();
  };

  return (
    <Card.Root data-testid="api-keys-section">
      <Card.Header>
        <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'start' }} gap="4">
          <HStack gap="3" align="start" flex="1" minW="0">
            <IconTile>
              <KeyIcon />
            </IconTile>
            <Stack gap="0.5" minW="0">
              <Heading size="md">{apiKeyMessages.sectionTitle}</Heading>
              <Text fontSize="sm" color="fg.muted">
                {apiKeyMessages.sectionText}
              </Text>
            </Stack>
          </HStack>
          <Stack gap="1" align={{ base: 'stretch', sm: 'end' }} flexShrink={0}>
            <Button colorPalette="brand" size="sm" onClick={() => setCreating(true)} disabled={isLoading || atLimit} data-testid="api-key-create">
              <KeyIcon /> {apiKeyMessages.create}
            </Button>
            <Text fontSize="xs" color="fg.muted" textAlign={{ base: 'start', sm: 'end' }} data-testid="api-keys-usage">
              {apiKeyMessages.limitNote(count, limit)}
            </Text>
          </Stack>
        </Flex>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Stack gap="3">
            <Skeleton height="16" />
            <Skeleton height="16" />
          </Stack>
        ) : count === 0 ? (
          <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" rounded="lg">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <KeyIcon />
              </EmptyState.Indicator>
              <EmptyState.Title>{apiKeyMessages.empty}</EmptyState.Title>
              <EmptyState.Description>{apiKeyMessages.emptyText}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap="0" borderWidth="1px" rounded="lg" divideY="1px" data-testid="api-keys-list">
            {(keys ?? []).map((key) => (
              <KeyRow key={key.id} apiKey={key} now={now} onRevoke={() => setRevoking(key)} />
            ))}
          </Stack>
        )}
        {!isLoading && atLimit && (
          <Text fontSize="sm" color="fg.muted" mt="3" data-testid="api-keys-limit">
            {apiKeyMessages.limitReached}
          </Text>
        )}
      </Card.Body>
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          setCreated(made);
          void mutate();
        }}
      />
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? apiKeyMessages.revokeTitle(revoking.name) : ''}
        confirmLabel={apiKeyMessages.revoke}
        destructive
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      >
        {apiKeyMessages.revokeText}
      </ConfirmDialog>
    </Card.Root>
  );
}
