import { Badge, Button, Card, Flex, Heading, HStack, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { AppDialog } from '@/components/ui/app-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import type { ConnectedAccount } from '@contract/publishing';
import {
  connectedAccountLimits,
  platformNames,
  publishingMessages,
  publishingPlatforms,
  readConnectReturn,
  type ConnectedAccountStatus,
  type PublishingPlatform,
} from '@contract/rules/publishing';

import { disconnectAccount, startConnect, useConnectedAccounts } from '../api/publishing';
import { PlatformTile } from '@/components/platform-icons';

const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : undefined) ?? 'Please try again.';

const statusLooks: Record<ConnectedAccountStatus, { label: string; palette: string }> = {
  connected: { label: publishingMessages.connected, palette: 'green' },
  expired: { label: publishingMessages.expired, palette: 'orange' },
  revoked: { label: publishingMessages.revoked, palette: 'red' },
};

/**
 * The return from a platform's consent page (`/settings?publishing=connected&platform=tiktok`): a toast,
 * the list read again, and the query removed from the history entry. Once per return.
 */
function useConnectReturn(onReturn: () => unknown) {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const found = readConnectReturn(location.search);
    if (found.kind === 'none' || handled.current === location.search) return;
    handled.current = location.search;
    const name = found.platform ? platformNames[found.platform] : 'The account';
    if (found.kind === 'connected') showToast({ type: 'success', title: publishingMessages.connectedToast(name) });
    else if (found.kind === 'denied') showToast({ type: 'info', title: publishingMessages.deniedToast(name) });
    else if (found.kind === 'limit') showToast({ type: 'error', title: publishingMessages.limitToast });
    else if (found.kind === 'expired') showToast({ type: 'error', title: publishingMessages.stateExpiredToast });
    else showToast({ type: 'error', title: publishingMessages.failedToast(name) });
    void onReturn();
    const params = new URLSearchParams(location.search);
    params.delete('publishing');
    params.delete('platform');
    const rest = params.toString();
    navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [location.pathname, location.search, navigate, onReturn]);
}

function AccountLine({
  account,
  busy,
  onReconnect,
  onDisconnect,
}: {
  account: ConnectedAccount;
  busy: boolean;
  onReconnect: () => void;
  onDisconnect: () => void;
}) {
  const look = statusLooks[account.status];
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      gap={{ base: '2', sm: '3' }}
      justify="space-between"
      data-testid={`connected-account-${account.platform}`}
    >
      <HStack gap="2" rowGap="1" minW="0" flex="1" wrap="wrap">
        <Text fontWeight="medium" minW="0" overflowWrap="anywhere" title={account.displayName}>
          {account.displayName}
        </Text>
        <Badge colorPalette={look.palette} variant="subtle" flexShrink={0}>
          {look.label}
        </Badge>
      </HStack>
      <HStack gap="2">
        {account.status !== 'connected' && (
          <Button size="sm" colorPalette="brand" onClick={onReconnect} loading={busy}>
            {publishingMessages.reconnect}
          </Button>
        )}
        <Button size="sm" variant="outline" colorPalette="red" onClick={onDisconnect} disabled={busy}>
          {publishingMessages.disconnect}
        </Button>
      </HStack>
    </Flex>
  );
}

/**
 * Settings, Connected accounts: TikTok, YouTube and Instagram, each with Connect, or its
 * accounts with their state, Reconnect when expired or revoked, and Disconnect (asked first). Connect
 * sends the browser to the platform's consent page; it comes back here with a toast.
 */
export function ConnectedAccountsSection() {
  const { data: accounts, isLoading, mutate } = useConnectedAccounts();
  const { data: user } = useUser();
  const [busy, setBusy] = useState<PublishingPlatform | null>(null);
  const [confirming, setConfirming] = useState<ConnectedAccount | null>(null);
  const [tiktokAsk, setTiktokAsk] = useState(false);
  useConnectReturn(mutate);

  const limit = connectedAccountLimits[user?.subscriptionTier ?? 'free'];
  const used = accounts?.length ?? 0;
  // The free plan's videos carry the watermark TikTok refuses: said on TikTok's row, and asked before connecting it.
  const freePlan = (user?.subscriptionTier ?? 'free') === 'free';
  const freeTikTok = (platform: PublishingPlatform) => platform === 'tiktok' && freePlan;

  const connect = async (platform: PublishingPlatform) => {
    setBusy(platform);
    try {
      const { url } = await startConnect(platform);
      window.location.assign(url);
    } catch (error) {
      setBusy(null);
      showToast({ type: 'error', title: publishingMessages.failedToast(platformNames[platform]), description: serverMessage(error) });
    }
  };

  const disconnect = async () => {
    const account = confirming;
    if (!account) return;
    try {
      await disconnectAccount(account.id);
      showToast({ type: 'success', title: publishingMessages.disconnectedToast(platformNames[account.platform]) });
    } catch (error) {
      showToast({ type: 'error', title: 'Disconnect failed', description: serverMessage(error) });
    }
    setConfirming(null);
    await mutate();
  };

  return (
    <Card.Root data-testid="connected-accounts-section">
      <Card.Header>
        <HStack justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="0.5" flex="1" minW="60">
            <Heading size="md">{publishingMessages.sectionTitle}</Heading>
            <Text fontSize="sm" color="fg.muted">
              Post your videos to TikTok, YouTube and Instagram (Business or Creator). Your tokens are stored encrypted and never shown.
            </Text>
          </Stack>
          <Text fontSize="sm" color="fg.muted" data-testid="connected-accounts-usage">
            {used} of {limit} on your plan
          </Text>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4" separator={<Separator />}>
          {publishingPlatforms.map((platform) => {
            const mine = (accounts ?? []).filter((account) => account.platform === platform);
            const atLimit = used >= limit;
            return (
              <HStack key={platform} align="start" gap="3" data-testid={`platform-${platform}`}>
                <PlatformTile platform={platform} />
                <Stack gap="2" flex="1" minW="0">
                  <HStack justify="space-between" gap="3" wrap="wrap" minH="10">
                    <Stack gap="0">
                      <Text fontWeight="semibold">{platformNames[platform]}</Text>
                      {isLoading ? (
                        <Skeleton height="4" width="24" />
                      ) : (
                        mine.length === 0 && (
                          <Text fontSize="sm" color="fg.muted">
                            Not connected
                          </Text>
                        )
                      )}
                    </Stack>
                    {(mine.length === 0 || !atLimit) && (
                      <Button
                        size="sm"
                        variant={mine.length === 0 ? 'solid' : 'outline'}
                        colorPalette="brand"
                        onClick={() => (freeTikTok(platform) && mine.length === 0 ? setTiktokAsk(true) : void connect(platform))}
                        loading={busy === platform}
                        disabled={isLoading || (busy !== null && busy !== platform) || (atLimit && mine.length === 0)}
                        aria-label={
                          mine.length === 0 ? `${publishingMessages.connect} ${platformNames[platform]}` : `Add account on ${platformNames[platform]}`
                        }
                      >
                        {mine.length === 0 ? publishingMessages.connect : 'Add account'}
                      </Button>
                    )}
                  </HStack>
                  {freeTikTok(platform) && mine.length === 0 && (
                    <Text fontSize="sm" color="orange.fg" data-testid="tiktok-free-note">
                      {publishingMessages.tiktokFreeNote}
                    </Text>
                  )}
                  {mine.map((account) => (
                    <AccountLine
                      key={account.id}
                      account={account}
                      busy={busy === platform}
                      onReconnect={() => void connect(platform)}
                      onDisconnect={() => setConfirming(account)}
                    />
                  ))}
                </Stack>
              </HStack>
            );
          })}
          {!isLoading && used >= limit && (
            <Text fontSize="sm" color="fg.muted" data-testid="connected-accounts-limit">
              {publishingMessages.limitReached}
            </Text>
          )}
        </Stack>
      </Card.Body>
      <AppDialog
        open={tiktokAsk}
        onClose={() => setTiktokAsk(false)}
        title={publishingMessages.tiktokFreeTitle}
        footer={
          <Stack direction="column" gap="2" w="full" data-testid="tiktok-free-actions">
            {(['youtube', 'instagram'] as const).map((platform) => (
              <Button
                key={platform}
                colorPalette="brand"
                onClick={() => {
                  setTiktokAsk(false);
                  void connect(platform);
                }}
              >
                <PlatformTile platform={platform} size="sm" />
                {publishingMessages.connectInstead(platformNames[platform])}
              </Button>
            ))}
            <Button
              variant="outline"
              onClick={() => {
                setTiktokAsk(false);
                void connect('tiktok');
              }}
            >
              {publishingMessages.connectAnyway}
            </Button>
          </Stack>
        }
      >
        <Text data-testid="tiktok-free-text">{publishingMessages.tiktokFreeText(limit)}</Text>
      </AppDialog>
      <ConfirmDialog
        open={confirming !== null}
        title={`${publishingMessages.disconnect} ${confirming ? platformNames[confirming.platform] : ''}?`}
        confirmLabel={publishingMessages.disconnect}
        destructive
        onConfirm={disconnect}
        onClose={() => setConfirming(null)}
      >
        {confirming ? publishingMessages.confirmDisconnect(platformNames[confirming.platform], confirming.displayName) : ''}
      </ConfirmDialog>
    </Card.Root>
  );
}
