import { Box, Button, Field, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { OptionSelect } from '@/components/ui/option-select';

import { LabeledSlider } from '@/components/ui/labeled-slider';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { logoOpacity, logoSizeLabel, logoSizeNames, type LogoPosition, type LogoSizeName } from '@contract/rules/logo';

import type { LogoOverlay } from '../hooks/use-logo-overlay';
import { sizeCaption } from '../lib/logo-preview';
import { LogoCornerPicker } from './logo-corner-picker';
import { ImageIcon, RefreshIcon, TrashIcon, UploadIcon } from './logo-icons';

/** No logo yet: the drop area with its Upload logo button. */
export function LogoDropZone({ dragging, dropHandlers, uploading, input }: LogoOverlay) {
  return (
    <Stack
      align="center"
      justify="center"
      textAlign="center"
      gap="3"
      minH={{ base: '48', md: '64' }}
      px="6"
      py="8"
      rounded="xl"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'brand.solid' : 'border.emphasized'}
      bg={dragging ? 'brand.subtle' : 'bg.subtle'}
      transition="background 0.15s, border-color 0.15s"
      {...dropHandlers}
      data-testid="logo-dropzone"
    >
      <Box color="brand.fg" fontSize="3xl">
        <ImageIcon />
      </Box>
      <Stack gap="1">
        <Text fontWeight="semibold">Add your logo</Text>
        <Text fontSize="sm" color="fg.muted">
          PNG, JPEG, WebP or GIF, up to 2 MB. A transparent PNG looks best.
        </Text>
      </Stack>
      <Button colorPalette="brand" loading={uploading} loadingText="Uploading…" onClick={() => input.current?.click()}>
        <UploadIcon /> Upload logo
      </Button>
      <Text fontSize="xs" color="fg.subtle" hideBelow="md">
        or drop an image here
      </Text>
    </Stack>
  );
}

/** The stored logo, with Replace and Remove. */
export function LogoFileRow({ logoUrl, uploading, removing, input, setConfirmingRemove }: LogoOverlay) {
  return (
    <HStack gap="3" p="3" rounded="lg" borderWidth="1px" bg="bg.subtle" wrap="wrap">
      <Box
        w="14"
        h="14"
        rounded="md"
        borderWidth="1px"
        bg="bg"
        p="1"
        display="flex"
        alignItems="center"
        justifyContent="center"
        flexShrink="0"
        bgImage="repeating-conic-gradient(#e4e4e7 0% 25%, transparent 0% 50%)"
        bgSize="12px 12px"
      >
        <Image src={logoUrl ?? undefined} alt="" maxW="full" maxH="full" objectFit="contain" />
      </Box>
      <Stack gap="0" flex="1" minW="32">
        <Text fontWeight="medium" fontSize="sm">
          Your logo
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Stored as a PNG; only you can see it.
        </Text>
      </Stack>
      <HStack gap="2">
        <Button size="sm" variant="outline" loading={uploading} onClick={() => input.current?.click()}>
          <RefreshIcon /> Replace
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" loading={removing} onClick={() => setConfirmingRemove(true)} data-testid="logo-remove">
          <TrashIcon /> Remove
        </Button>
      </HStack>
    </HStack>
  );
}

/** Show logo in videos, and when it is on, the corner, size and opacity. */
export function LogoControls({ saved, settings, save, changeOpacity }: LogoOverlay) {
  return (
    <>
      <SettingSwitch
        bordered
        label="Show logo in videos"
        description="Every video you render from now on carries it."
        checked={saved.enabled}
        onChange={(enabled) => void save({ enabled })}
        testId="logo-enabled"
      />

      {saved.enabled && (
        <Stack gap="5" data-testid="logo-controls">
          <Flex gap="6" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }}>
            <LogoCornerPicker value={saved.position} onChange={(position: LogoPosition) => void save({ position })} />
            <Field.Root flex="1" minW="0">
              <Field.Label fontSize="sm">Size</Field.Label>
              <OptionSelect
                size="sm"
                label="Logo size"
                testId="logo-size"
                value={saved.size}
                onChange={(size: LogoSizeName) => void save({ size })}
                options={logoSizeNames.map((name) => ({ value: name, label: `${logoSizeLabel(name)} · ${sizeCaption(name)}` }))}
              />
              <Field.HelperText fontSize="xs">The logo fits inside this box, keeping its shape, 30 px from the edges.</Field.HelperText>
            </Field.Root>
          </Flex>
          <LabeledSlider
            label="Opacity"
            value={settings.opacity}
            min={logoOpacity.min}
            max={logoOpacity.max}
            step={logoOpacity.step}
            colorPalette="brand"
            onChange={changeOpacity}
          />
        </Stack>
      )}
    </>
  );
}
