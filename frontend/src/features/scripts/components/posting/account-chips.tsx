import { Alert, Box, Button, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { PlatformTile } from '@/components/platform-icons';
import { paths } from '@/config/paths';
import type { ConnectedAccount, WatermarkFix } from '@contract/publishing';
import { postingMessages, postingUiMessages as words } from '@contract/rules/posting';
import { platformNames, publishingMessages } from '@contract/rules/publishing';

import { CheckIcon } from './posting-icons';

/** An account to post to, as a toggle like the product's (docs/product.md#post-a-video) platform buttons: solid when chosen. */
export function AccountChip({ account, chosen, blocked, onToggle }: { account: ConnectedAccount; chosen: boolean; blocked: boolean; onToggle: () => void }) {
  const usable = account.status === 'connected' && !blocked;
  return (
    <Button
      variant={chosen ? 'subtle' : 'outline'}
      colorPalette={chosen ? 'brand' : 'gray'}
      size="lg"
      rounded="full"
      ps="1.5"
      pe="3"
      gap="2"
      maxW="full"
      role="checkbox"
      aria-checked={chosen}
      aria-label={`${account.displayName} on ${platformNames[account.platform]}`}
      disabled={!usable}
      onClick={onToggle}
      borderWidth="1px"
      borderColor={chosen ? 'brand.solid' : undefined}
      data-testid={`post-account-${account.platform}`}
    >
      <PlatformTile platform={account.platform} size="sm" />
      <Text as="span" truncate maxW="44" fontWeight="medium">
        {account.displayName}
      </Text>
      {account.status !== 'connected' ? (
        <Text as="span" fontSize="xs" color="orange.fg">
          {account.status === 'expired' ? publishingMessages.expired : publishingMessages.revoked}
        </Text>
      ) : (
        <Box
          as="span"
          display="grid"
          placeItems="center"
          boxSize="5"
          rounded="full"
          bg={chosen ? 'brand.solid' : 'transparent'}
          borderWidth={chosen ? '0' : '1px'}
          color="white"
        >
          {chosen && <CheckIcon boxSize="3" />}
        </Box>
      )}
    </Button>
  );
}

/**
 * What stops an account from posting, said plainly, with the way out: Reconnect or Upgrade in Settings, or
 * for a watermarked file on TikTok, one click to render it again without the watermark (when the plan no
 * longer draws it).
 */
export function AccountProblem({
  account,
  problems,
  watermarkFix,
  onRenderAgain,
}: {
  account: ConnectedAccount;
  problems: readonly string[];
  watermarkFix?: WatermarkFix | undefined;
  onRenderAgain?: (() => void) | undefined;
}) {
  const reconnect = account.status !== 'connected';
  const renderAgain = watermarkFix === 'render-again' && onRenderAgain !== undefined;
  const upgrade = !renderAgain && problems.some((problem) => problem === postingMessages.watermarkOnTikTok || problem === postingMessages.dailyLimit);
  const fixText =
    watermarkFix === 'upgrade' ? postingMessages.watermarkUpgrade : watermarkFix === 'render-again' ? postingMessages.watermarkRenderAgain : undefined;
  return (
    <Alert.Root status={reconnect ? 'warning' : 'error'} size="sm" rounded="lg" data-testid={`post-problem-${account.platform}`}>
      <Box pt="0.5">
        <PlatformTile platform={account.platform} size="sm" />
      </Box>
      <Alert.Content>
        <Alert.Title>
          {platformNames[account.platform]} · {account.displayName}
        </Alert.Title>
        <Alert.Description>{reconnect ? words.needsReconnect : [...problems, ...(fixText ? [fixText] : [])].join(' ')}</Alert.Description>
        {renderAgain && (
          <Button size="xs" colorPalette="brand" mt="2" alignSelf="start" onClick={onRenderAgain} data-testid="post-render-again">
            {words.renderAgain}
          </Button>
        )}
      </Alert.Content>
      {(reconnect || upgrade) && (
        <Button asChild size="xs" variant="outline" alignSelf="center" flexShrink={0}>
          <RouterLink to={paths.settings.href}>{reconnect ? publishingMessages.reconnect : words.upgrade}</RouterLink>
        </Button>
      )}
    </Alert.Root>
  );
}
