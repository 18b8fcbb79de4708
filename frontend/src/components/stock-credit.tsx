import { Link, Text, type TextProps } from '@chakra-ui/react';

import type { AssetAttribution } from '@contract/media';

/** The provider's name as its terms ask it to be shown. */
const providerNames: Record<AssetAttribution['provider'], string> = { pexels: 'Pexels' };

/** "Video by NAME on Pexels". */
export function stockCreditText(attribution: AssetAttribution): string {
  return `Video by ${attribution.author || 'an author'} on ${providerNames[attribution.provider]}`;
}

/** "Pexels · NAME", for a small tile: the provider first, so a cut line still names it. */
export function compactCreditText(attribution: AssetAttribution): string {
  return `${providerNames[attribution.provider]} · ${attribution.author || 'an author'}`;
}

/**
 * A stock clip's credit (Pexels' API terms): "Video by NAME on Pexels", the name linking to the
 * author's page and the provider to the video's page (https only, as the API answers them), each in a new tab.
 */
export function StockCredit({ attribution, linkColor, ...props }: { attribution: AssetAttribution; linkColor?: string } & TextProps) {
  const provider = providerNames[attribution.provider];
  const link = (href: string | null, text: string) =>
    href ? (
      <Link
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        color={linkColor ?? 'inherit'}
        textDecoration="underline"
        onClick={(event) => event.stopPropagation()}
      >
        {text}
      </Link>
    ) : (
      text
    );
  return (
    <Text fontSize="xs" color="fg.muted" lineClamp={2} data-testid="stock-credit" title={stockCreditText(attribution)} {...props}>
      Video by {link(attribution.authorUrl, attribution.author || 'an author')} on {link(attribution.sourceUrl, provider)}
    </Text>
  );
}
