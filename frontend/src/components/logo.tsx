import { HStack, Text, chakra, type HTMLChakraProps } from '@chakra-ui/react';

/**
 * Reelsmith's mark: a rounded violet square (a reel's frame) with a play triangle and a spark at its
 * corner. Decorative: the wordmark beside it, or the link around it, carries the name.
 */
export function LogoMark({ size = '8', ...props }: { size?: string } & HTMLChakraProps<'svg'>) {
  return (
    <chakra.svg viewBox="0 0 32 32" width={size} height={size} flexShrink="0" aria-hidden="true" focusable="false" {...props}>
      <defs>
        <linearGradient id="reelsmith-logo-fill" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#6d28d9" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="url(#reelsmith-logo-fill)" />
      <path d="M12.5 9.8c0-1.1 1.2-1.8 2.2-1.2l9.2 5.5c.9.6.9 1.9 0 2.4l-9.2 5.5c-1 .6-2.2-.1-2.2-1.2z" fill="white" />
      <path d="M8 21.5l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9z" fill="#fde68a" />
    </chakra.svg>
  );
}

/** The mark and the wordmark "Reelsmith", as in the header and above the account pages. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <HStack gap="2" as="span">
      <LogoMark size={size === 'lg' ? '9' : '7'} />
      <Text as="span" fontWeight="bold" fontSize={size === 'lg' ? '2xl' : 'lg'} letterSpacing="-0.02em" color="fg">
        Reelsmith
      </Text>
    </HStack>
  );
}
