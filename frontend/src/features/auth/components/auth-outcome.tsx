import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { CheckCircleIcon, XCircleIcon } from '@/components/icons';

import { AuthLayout } from './auth-layout';

/**
 * A result screen of the account pages (verified, reset, an invalid link): the tone's icon, the title and
 * what happened, and one full-width button to where the user goes next.
 */
export function AuthOutcome({
  title,
  tone,
  description,
  to,
  action,
  footer,
}: {
  title: string;
  tone: 'success' | 'error';
  description: ReactNode;
  to: string;
  action: string;
  footer?: ReactNode;
}) {
  const icon = tone === 'success' ? <CheckCircleIcon boxSize="7" /> : <XCircleIcon boxSize="7" />;
  return (
    <AuthLayout title={title} tone={tone} icon={icon} description={description} footer={footer}>
      <Button asChild colorPalette="brand" size="lg" w="full">
        <RouterLink to={to}>{action}</RouterLink>
      </Button>
    </AuthLayout>
  );
}
