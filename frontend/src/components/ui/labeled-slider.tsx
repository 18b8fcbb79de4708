import { HStack, Slider } from '@chakra-ui/react';

/**
 * A labelled slider with its value shown (ranges). The thumb is named by the label (also given as
 * its aria-label, for tools that do not follow aria-labelledby) and announces its value with the unit.
 */
export function LabeledSlider({
  label,
  value,
  min,
  max,
  step = 1,
  unit = '',
  onChange,
  disabled,
  colorPalette = 'brand',
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  onChange: (value: number) => void;
  disabled?: boolean;
  colorPalette?: string;
}) {
  return (
    <Slider.Root
      size="sm"
      colorPalette={colorPalette}
      min={min}
      max={max}
      step={step}
      value={[value]}
      disabled={disabled}
      aria-label={[label]}
      getAriaValueText={(details) => `${details.value}${unit}`}
      onValueChange={(details) => onChange(details.value[0] ?? value)}
    >
      <HStack justify="space-between">
        <Slider.Label fontSize="sm">{label}</Slider.Label>
        <Slider.ValueText fontSize="sm" color="fg.muted">{`${value}${unit}`}</Slider.ValueText>
      </HStack>
      <SliderBar />
    </Slider.Root>
  );
}

/** A slider's bar: the track, its filled range and the thumb (inside a `Slider.Root`). */
export function SliderBar() {
  return (
    <Slider.Control>
      <Slider.Track>
        <Slider.Range />
      </Slider.Track>
      <Slider.Thumbs />
    </Slider.Control>
  );
}
