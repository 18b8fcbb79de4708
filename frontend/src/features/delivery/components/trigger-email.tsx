import { Button, Menu, Portal } from '@chakra-ui/react';
import { useState } from 'react';

import { showToast } from '@/components/ui/toaster';

import { sendVideoEmail } from '../api/video-delivery';
import { failureText } from '@/lib/failure-text';
import { ChevronIcon, ClockIcon, LinkIcon, SendIcon } from './icons';
import { ScheduleEmailDialog } from './schedule-email-dialog';
import { ShareLinkDialog } from './share-link-dialog';

/**
 * Trigger Email: Send Now mails the video at once, Schedule Email opens Schedule Email
 * Notification; Share link opens the script's share links, which also lead to posting it.
 */
export function TriggerEmail({ scriptId, title, disabled, onPost }: { scriptId: string; title: string; disabled?: boolean; onPost?: () => void }) {
  const [dialog, setDialog] = useState<'schedule' | 'share' | null>(null);
  const [sending, setSending] = useState(false);

  async function sendNow() {
    setSending(true);
    try {
      await sendVideoEmail(scriptId);
      showToast({ type: 'success', title: 'Video notification email sent successfully!' });
    } catch (error) {
      showToast({ type: 'error', title: 'Email Failed', description: failureText(error, 'Failed to send email notification') });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          if (value === 'send') void sendNow();
          else if (value === 'schedule' || value === 'share') setDialog(value);
        }}
      >
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline" disabled={disabled} loading={sending} loadingText="Sending…">
            Trigger Email <ChevronIcon />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="15rem">
              <Menu.Item value="send">
                <SendIcon color="fg.muted" />
                Send Now
              </Menu.Item>
              <Menu.Item value="schedule">
                <ClockIcon color="fg.muted" />
                Schedule Email
              </Menu.Item>
              <Menu.Separator />
              <Menu.Item value="share">
                <LinkIcon color="fg.muted" />
                Share link
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {dialog === 'schedule' && <ScheduleEmailDialog open onClose={() => setDialog(null)} scriptId={scriptId} title={title} />}
      {dialog === 'share' && (
        <ShareLinkDialog
          open
          onClose={() => setDialog(null)}
          scriptId={scriptId}
          title={title}
          onPost={
            onPost &&
            (() => {
              setDialog(null);
              onPost();
            })
          }
        />
      )}
    </>
  );
}
