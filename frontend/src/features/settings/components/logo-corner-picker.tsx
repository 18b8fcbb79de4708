import { Box, Button, Field, SimpleGrid } from '@chakra-ui/react';

import { logoPositions, type LogoPosition } from '@contract/rules/logo';

const words = (position: LogoPosition) => position.replace('-', ' ').replace(/^./, (first) => first.toUpperCase());

/** The four corners (001 §9), laid out as a small 9:16 frame with a button in each corner. */
export function LogoCornerPicker({ value, onChange, disabled }: { value: LogoPosition; onChange: (value: LogoPosition) => void; disabled?: boolean }) {
  return (
    <Field.Root disabled={disabled} w="auto" flexShrink="0">
      <Field.Label fontSize="sm" id="logo-position-label">
        Position
      </Field.Label>
      <SimpleGrid columns={2} gap="1.5" w="28" p="1.5" rounded="lg" borderWidth="1px" bg="bg.muted" role="group" aria-labelledby="logo-position-label" data-testid="logo-position">
        {logoPositions.map((position) => {
          const active = position === value;
          return (
            <Button
              key={position}
              size="xs"
              h="12"
              minW="0"
              variant={active ? 'solid' : 'outline'}
              colorPalette={active ? 'brand' : 'gray'}
              bg={active ? undefined : 'bg'}
              aria-label={words(position)}
              aria-pressed={active}
              title={words(position)}
              disabled={disabled}
              onClick={() => onChange(position)}
              display="flex"
              alignItems={position.startsWith('top') ? 'flex-start' : 'flex-end'}
              justifyContent={position.endsWith('left') ? 'flex-start' : 'flex-end'}
              p="1.5"
            >
              <Box w="3.5" h="2" rounded="sm" bg={active ? 'white' : 'fg.muted'} />
            </Button>
          );
        })}
      </SimpleGrid>
    </Field.Root>
  );
}
