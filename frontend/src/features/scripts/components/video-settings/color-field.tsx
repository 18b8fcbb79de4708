import { Box, Field, HStack, Input } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

import { isHexColor } from '../../lib/caption-settings';

/** A colour: the browser's picker and the #RRGGBB text beside it (kept upper case). */
export function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const invalid = !isHexColor(text);
  return (
    <Field.Root invalid={invalid}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <HStack gap="2" w="full">
        <Box as="label" position="relative" w="10" h="9" flexShrink={0} rounded="md" borderWidth="1px" overflow="hidden" style={{ background: value }}>
          <Input
            type="color"
            aria-label={label}
            value={value.toLowerCase()}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
            position="absolute"
            inset="0"
            opacity={0}
            cursor="pointer"
            h="full"
            p="0"
          />
        </Box>
        <Input
          size="sm"
          aria-label={`${label} hex`}
          value={text}
          maxLength={7}
          fontFamily="mono"
          onChange={(event) => {
            const next = event.target.value.trim();
            setText(next);
            if (isHexColor(next)) onChange(next.toUpperCase());
          }}
        />
      </HStack>
      <Field.ErrorText>Colours are #RRGGBB</Field.ErrorText>
    </Field.Root>
  );
}
