import { TriggerEmail } from '@/features/delivery/components/trigger-email';
import { VideoDeliveryProvider } from '@/features/scripts/components/delivery-slot';
import ScriptsRoute from '@/features/scripts/routes/scripts';

/** /scripts: the scripts feature, with the delivery feature's Trigger Email menu on each finished video's card. */
export default function ScriptsPage() {
  return (
    <VideoDeliveryProvider value={TriggerEmail}>
      <ScriptsRoute />
    </VideoDeliveryProvider>
  );
}
