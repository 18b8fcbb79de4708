import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { CheckCircleIcon } from '@/components/icons';
import { paths } from '@/config/paths';

import { AuthLayout } from './auth-layout';

/** The success screen of /reset-password and /reset-password-token. */
export function PasswordResetComplete() {
  return (
    <AuthLayout
      title="Password Reset Complete"
      tone="success"
      icon={<CheckCircleIcon boxSize="7" />}
      description="Your password has been changed. You can now sign in with your new password."
    >
      <Button asChild colorPalette="brand" size="lg" w="full">
        <RouterLink to={paths.auth.href}>Continue to Login</RouterLink>
      </Button>
    </AuthLayout>
  );
}
