import { Container, Stack } from '@chakra-ui/react';

import { PageHeader } from '@/components/page-header';

import { ApiKeysSection } from '../components/api-keys-section';
import { ConnectedAccountsSection } from '../components/connected-accounts-section';
import { DataSection } from '../components/data-section';
import { LanguageSection } from '../components/language-section';
import { LogoSection } from '../components/logo-section';
import { PlansSection } from '../components/plans-section';
import { ProfileSection } from '../components/profile-section';
import { UsageSection } from '../components/usage-section';
import { VoiceCloningSection } from '../components/voice-cloning-section';

/** /settings: the profile (name), usage statistics, the default language, voice cloning, logo overlay, Connected accounts, API keys, Available Plans, Your data. */
export default function SettingsRoute() {
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="8">
        <PageHeader
          title="Settings"
          description="Your profile, plan and usage, your cloned voice, your logo, your connected accounts and API keys, and your data."
        />
        <ProfileSection />
        <UsageSection />
        <LanguageSection />
        <VoiceCloningSection />
        <LogoSection />
        <ConnectedAccountsSection />
        <ApiKeysSection />
        <PlansSection />
        <DataSection />
      </Stack>
    </Container>
  );
}
