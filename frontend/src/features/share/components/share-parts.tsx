import { lineIcon, stroke } from '@/components/ui/line-icon';
import { Box, Button, Clipboard, Flex, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export const DownloadIcon = lineIcon('DownloadIcon', [<path key="a" d="M12 3v12M7 10l5 5 5-5M4 21h16" {...stroke} />]);

export const CopyIcon = lineIcon('CopyIcon', [
  <rect key="r" x="8" y="8" width="13" height="13" rx="2" {...stroke} />,
  <path key="p" d="M16 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h3" {...stroke} />,
]);

export const CheckIcon = lineIcon('CheckIcon', [<path key="a" d="m5 12.5 4.5 4.5L19 7.5" {...stroke} />]);

export const LinkOffIcon = lineIcon('LinkOffIcon', [
  <path key="a" d="M9 15l6-6M10.5 6.5l1.7-1.7a5 5 0 0 1 7.1 7.1l-1.7 1.7M13.5 17.5l-1.7 1.7a5 5 0 0 1-7.1-7.1l1.7-1.7" {...stroke} />,
  <path key="b" d="M3 3l18 18" {...stroke} />,
]);

/** The page's backdrop: a deep gradient, like a player, whatever the app's light theme. */
export function ShareBackdrop({ children }: { children: ReactNode }) {
  return (
    <Flex
      direction="column"
      minH="100dvh"
      color="white"
      bg="#0d0f1a"
      bgImage="radial-gradient(120% 80% at 10% 0%, rgba(99, 102, 241, 0.35) 0%, transparent 60%), radial-gradient(100% 70% at 100% 100%, rgba(236, 72, 153, 0.25) 0%, transparent 60%)"
      data-testid="share-page"
    >
      {children}
    </Flex>
  );
}

/** The brand mark, top left. */
export function Brand() {
  return (
    <Link
      href="/"
      color="white"
      fontWeight="bold"
      fontSize="lg"
      letterSpacing="tight"
      _hover={{ textDecoration: 'none', opacity: 0.85 }}
      display="inline-flex"
      alignItems="center"
      gap="2"
    >
      <Box
        boxSize="7"
        rounded="lg"
        bgImage="linear-gradient(135deg, #818cf8 0%, #ec4899 100%)"
        display="flex"
        alignItems="center"
        justifyContent="center"
        fontSize="sm"
      >
        R
      </Box>
      Reelsmith
    </Link>
  );
}

/** The small footer every share page carries. */
export function MadeWith() {
  return (
    <Text as="footer" textAlign="center" fontSize="xs" color="whiteAlpha.700" py="6">
      Made with{' '}
      <Link href="/" color="white" fontWeight="semibold">
        Reelsmith
      </Link>
    </Text>
  );
}

/** The caption with its hashtags picked out. */
export function CaptionText({ caption }: { caption: string }) {
  const parts = caption.split(/(#[\p{L}\p{N}_]+)/u);
  return (
    <Text whiteSpace="pre-wrap" fontSize={{ base: 'sm', md: 'md' }} lineHeight="tall" color="whiteAlpha.900" data-testid="share-caption" dir="auto">
      {parts.map((part, i) =>
        part.startsWith('#') ? (
          <Text as="span" key={i} color="#c7d2fe" fontWeight="medium">
            {part}
          </Text>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

/** Copy caption: the whole caption, hashtags included. */
export function CopyCaptionButton({ caption }: { caption: string }) {
  return (
    <Clipboard.Root value={caption} timeout={2000}>
      <Clipboard.Context>
        {({ copied }) => (
          <Clipboard.Trigger asChild>
            <Button
              aria-label={copied ? 'Caption copied' : 'Copy caption'}
              size="sm"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.400"
              bg={copied ? 'whiteAlpha.200' : 'transparent'}
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              {copied ? <CheckIcon /> : <CopyIcon />}
              {copied ? 'Copied!' : 'Copy caption'}
            </Button>
          </Clipboard.Trigger>
        )}
      </Clipboard.Context>
    </Clipboard.Root>
  );
}
