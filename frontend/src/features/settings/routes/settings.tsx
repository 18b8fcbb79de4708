import { Container, Stack } from '@chakra-ui/react';

import { PageHeader } from '@/components/page-header';

import { ConnectedAccountsSection } from '../components/connected-accounts-section';
import { DataSection } from '../components/data-section';
import { LanguageSection } from '../components/language-section';
import { LogoSection } from '../components/logo-section';
import { PlansSection } from '../components/plans-section';
import { ProfileSection } from '../components/profile-section';
import { UsageSection } from '../components/usage-section';
import { VoiceCloningSection } from '../components/voice-cloning-section';

/** /settings: the profile (name), usage statistics, the default language, voice cloning, logo overlay, Available Plans, Your data, Connected accounts. */
export default function SettingsRoute() {
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="8">
        <PageHeader title="Settings" description="Your profile, plan and usage, your cloned voice, your logo and your data." />
        <ProfileSection />
        <UsageSection />
        <LanguageSection />
        <VoiceCloningSection />
        <LogoSection />
        <ConnectedAccountsSection />
        <PlansSection />
        <DataSection />
      </Stack>
    </Container>
  );
}
