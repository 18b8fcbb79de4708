import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { showToast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { USER_KEY, useUser } from '@/lib/auth';
import { useRealtime } from '@/lib/realtime';
import type { PlanInfo } from '@contract/billing';
import { billingMessages, checkoutUrls, isLiveStatus, readCheckoutReturn, type PaidTier } from '@contract/rules/billing';
import type { PublicUser } from '@contract/users';

import { createCheckoutSession, createPortalSession, updateAfterCheckout, usePlans } from '../api/billing';
import { formatDay, planRows, priceLabel, sortPlans } from '../lib/plans-table';

const STATS_KEY = '/api/stats';
const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : undefined);

/** Refetches the user and the usage figures (the limits follow the plan). */
function useRefreshPlan() {
  const { mutate } = useSWRConfig();
  return () => Promise.all([mutate(USER_KEY), mutate(STATS_KEY)]);
}

/**
 * The return from checkout: `subscription=success` confirms the session with the server
 * (which applies what Stripe says) and shows the new plan; `subscription=cancelled` says so; then the
 * page replaces its history entry with /settings. Runs once per return, also under StrictMode.
 */
function useCheckoutReturn(onConfirmed: () => Promise<unknown>) {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const found = readCheckoutReturn(location.search);
    if (found.kind === 'none' || handled.current === location.search) return;
    handled.current = location.search;
    const done = () => navigate('/settings', { replace: true });
    if (found.kind === 'cancelled') {
      showToast({ type: 'info', title: billingMessages.cancelled, description: 'No payment was taken. Your plan is unchanged.' });
      done();
      return;
    }
    if (found.kind === 'invalid') {
      showToast({ type: 'error', title: billingMessages.subscriptionError, description: billingMessages.updateFailed });
      done();
      return;
    }
    updateAfterCheckout({ tier: found.tier, sessionId: found.sessionId })
      .then(async (result) => {
        await onConfirmed();
        showToast({ type: 'success', title: 'Subscription Updated', description: result.message });
      })
      .catch(() => showToast({ type: 'error', title: billingMessages.subscriptionError, description: billingMessages.updateFailed }))
      .finally(done);
  }, [location.search, navigate, onConfirmed]);
}

type Busy = null | 'portal' | PaidTier;

function PlanCard({
  plan,
  user,
  busy,
  onUpgrade,
  onPortal,
}: {
  plan: PlanInfo;
  user: PublicUser;
  busy: Busy;
  onUpgrade: (tier: PaidTier) => void;
  onPortal: () => void;
}) {
  const current = user.subscriptionTier === plan.tier;
  const price = priceLabel(plan);
  const paidUser = user.subscriptionTier !== 'free';
  let action: ReactNode;
  if (plan.tier === 'free') {
    action = (
      <Button variant="outline" disabled width="full">
        {current ? 'Current Plan' : billingMessages.contactSupport}
      </Button>
    );
  } else if (current) {
    action = (
      <Button colorPalette="brand" variant="solid" width="full" loading={busy === 'portal'} disabled={busy !== null} onClick={onPortal}>
        {billingMessages.manage}
      </Button>
    );
  } else {
    const tier = plan.tier;
    const label = paidUser ? (tier === 'pro' ? 'Upgrade to Pro' : 'Switch to Basic') : `Upgrade to ${plan.name}`;
    action = (
      <Button
        colorPalette="brand"
        variant={paidUser ? 'outline' : 'solid'}
        width="full"
        loading={busy === tier || (paidUser && busy === 'portal')}
        disabled={busy !== null}
        onClick={() => (paidUser ? onPortal() : onUpgrade(tier))}
      >
        {label}
      </Button>
    );
  }
  return (
    <Card.Root
      data-testid={`plan-${plan.tier}`}
      data-current={current ? 'true' : 'false'}
      borderWidth={current ? '2px' : '1px'}
      borderColor={current ? 'brand.solid' : 'border'}
      bg={current ? 'brand.subtle' : undefined}
      height="full"
    >
      <Card.Body gap="4">
        <Flex justify="space-between" align="center" gap="2">
          <Heading size="lg">{plan.name}</Heading>
          {current && (
            <Badge colorPalette="brand" variant="solid">
              Current plan
            </Badge>
          )}
        </Flex>
        <HStack align="baseline" gap="1">
          <Text fontSize="3xl" fontWeight="bold">
            {price.amount}
          </Text>
          <Text color="fg.muted">{price.period}</Text>
        </HStack>
        <Stack as="dl" gap="2" fontSize="sm">
          {planRows(plan).map((row) => (
            <Flex
              key={row.label}
              justify="space-between"
              gap="3"
              borderBottomWidth="1px"
              borderColor="border.muted"
              pb="1.5"
              data-testid={`plan-row-${row.label.toLowerCase().replace(/\s+/g, '-')}`}
            >
              <Text as="dt" color="fg.muted">
                {row.label}
              </Text>
              <Text as="dd" fontWeight="medium" textAlign="right">
                {row.value}
              </Text>
            </Flex>
          ))}
        </Stack>
      </Card.Body>
      <Card.Footer>{action}</Card.Footer>
    </Card.Root>
  );
}

function PlanNotice({ user, onPortal, busy }: { user: PublicUser; onPortal: () => void; busy: Busy }) {
  if (user.subscriptionTier === 'free') return null;
  const ends = formatDay(user.subscriptionEndDate);
  if (user.subscriptionStatus === 'past_due') {
    return (
      <Alert.Root status="warning" data-testid="plan-notice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your last payment failed</Alert.Title>
          <Alert.Description>Update your payment method to keep your plan. We will try the payment again.</Alert.Description>
        </Alert.Content>
        <Button size="sm" colorPalette="orange" loading={busy === 'portal'} disabled={busy !== null} onClick={onPortal}>
          Update payment method
        </Button>
      </Alert.Root>
    );
  }
  if (ends && isLiveStatus(user.subscriptionStatus)) {
    return (
      <Alert.Root status="info" data-testid="plan-notice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your plan is cancelled</Alert.Title>
          <Alert.Description>
            You keep {user.subscriptionTier === 'pro' ? 'Pro' : 'Basic'} until {ends}, then move to Free. Nothing is deleted.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return null;
}

/** Settings: Available Plans (Subscriptions, Plans). */
export function PlansSection() {
  const { data: user } = useUser();
  const { data: plans, error } = usePlans();
  const refresh = useRefreshPlan();
  const realtime = useRealtime();
  const [busy, setBusy] = useState<Busy>(null);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const [onConfirmed] = useState(() => () => refreshRef.current());

  useCheckoutReturn(onConfirmed);
  useEffect(() => realtime.subscribe(['plan']), [realtime]);
  useEffect(
    () =>
      realtime.onMessage((message) => {
        if (message.type === 'plan') void refreshRef.current();
      }),
    [realtime],
  );

  const upgrade = async (tier: PaidTier) => {
    setBusy(tier);
    try {
      const { url } = await createCheckoutSession({ tier, ...checkoutUrls(window.location.origin, tier) });
      window.location.assign(url);
    } catch (caught) {
      showToast({
        type: 'error',
        title: billingMessages.checkoutError,
        description: serverMessage(caught) ?? 'Could not start the checkout. Please try again.',
      });
      setBusy(null);
    }
  };

  const portal = async () => {
    setBusy('portal');
    try {
      const { url } = await createPortalSession(`${window.location.origin}/settings`);
      if (!url) {
        showToast({ type: 'error', title: billingMessages.noPortalUrl });
        setBusy(null);
        return;
      }
      window.location.assign(url);
    } catch (caught) {
      showToast({ type: 'error', title: billingMessages.portalFailed, description: serverMessage(caught) });
      setBusy(null);
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="plans-heading">
      <Card.Body gap="5">
        <Stack gap="1">
          <Heading id="plans-heading" size="md">
            Available Plans
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Paid plans renew monthly. Changes and cancellations take effect at the end of the billing period.
          </Text>
        </Stack>
        {user && <PlanNotice user={user} onPortal={() => void portal()} busy={busy} />}
        {error ? (
          <Text color="fg.error">Could not load the plans. Reload the page to try again.</Text>
        ) : !plans || !user ? (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="360px" borderRadius="l3" />
            ))}
          </SimpleGrid>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {sortPlans(plans.tiers).map((plan) => (
              <Box key={plan.tier}>
                <PlanCard plan={plan} user={user} busy={busy} onUpgrade={(tier) => void upgrade(tier)} onPortal={() => void portal()} />
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}
