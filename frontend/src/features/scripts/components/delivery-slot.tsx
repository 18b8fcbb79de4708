import { createContext, useContext, type ComponentType } from 'react';

/**
 * What a finished video's card offers for sending it: the delivery feature's menu (Send Now, Schedule Email,
 * Share link). `onPost` opens the card's posting dialog, offered from the share dialog too.
 */
export interface VideoDeliveryProps {
  scriptId: string;
  title: string;
  disabled?: boolean;
  onPost?: () => void;
}
export type VideoDeliveryMenu = ComponentType<VideoDeliveryProps>;

const DeliveryMenuContext = createContext<VideoDeliveryMenu | null>(null);

/**
 * The app fills this slot (src/app/routes/scripts.tsx): the scripts feature shows the delivery menu on a
 * finished video's card without importing the delivery feature, which owns mailing and sharing a video.
 */
export const VideoDeliveryProvider = DeliveryMenuContext.Provider;

/** The delivery menu the app gave, or nothing (a card rendered outside the app, e.g. in a test). */
export function VideoDelivery(props: VideoDeliveryProps) {
  const Menu = useContext(DeliveryMenuContext);
  return Menu ? <Menu {...props} /> : null;
}
