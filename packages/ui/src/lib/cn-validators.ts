// The value checks cn-table.ts needs, copied from tailwind-merge 3.7.1 (src/lib/validators.ts,
// MIT, © Dany Castillo) instead of taken from its `validators` export: that export is one object
// holding all 27 checks, so a bundler keeps every one of them (about 0.4 kB gzipped of /login).
// Only the checks the table uses are here, unchanged; cn-differential.test.ts compares the
// result with the library's own.
const arbitraryValueRegex = /^\[(?:(\w[\w-]*):)?(.+)\]$/i;
const arbitraryVariableRegex = /^\((?:(\w[\w-]*):)?(.+)\)$/i;
const fractionRegex = /^\d+(?:\.\d+)?\/\d+(?:\.\d+)?$/;
const tshirtUnitRegex = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/;
const lengthUnitRegex =
  /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|Q|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^--spacing\(.+\)|^0$/;
const colorFunctionRegex =
  /^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark|contrast-color|device-cmyk|--alpha)\(.+\)$/i;
const shadowRegex = /^(inset_)?-?((\d+)?\.?(\d+)[a-z]+|0)_-?((\d+)?\.?(\d+)[a-z]+|0)/;

type Test = (value: string) => boolean;

export const isFraction = (value: string) => fractionRegex.test(value);
export const isNumber = (value: string) => !!value && !Number.isNaN(Number(value));
export const isInteger = (value: string) => !!value && Number.isInteger(Number(value));
export const isTshirtSize = (value: string) => tshirtUnitRegex.test(value);
export const isAny = () => true;
export const isArbitraryValue = (value: string) => arbitraryValueRegex.test(value);
export const isArbitraryVariable = (value: string) => arbitraryVariableRegex.test(value);
export const isAnyNonArbitrary = (value: string) =>
  !isArbitraryValue(value) && !isArbitraryVariable(value);

const isNever = () => false;
const isLengthOnly = (value: string) =>
  lengthUnitRegex.test(value) && !colorFunctionRegex.test(value);
const isShadow = (value: string) => shadowRegex.test(value);

const getIsArbitraryValue = (value: string, testLabel: Test, testValue: Test) => {
  const result = arbitraryValueRegex.exec(value);
  if (result) return result[1] ? testLabel(result[1]) : testValue(result[2]!);
  return false;
};
const getIsArbitraryVariable = (value: string, testLabel: Test, shouldMatchNoLabel = false) => {
  const result = arbitraryVariableRegex.exec(value);
  if (result) return result[1] ? testLabel(result[1]) : shouldMatchNoLabel;
  return false;
};

const isLabelLength = (label: string) => label === 'length';
const isLabelFamilyName = (label: string) => label === 'family-name';
const isLabelWeight = (label: string) => label === 'number' || label === 'weight';
const isLabelShadow = (label: string) => label === 'shadow';

export const isArbitraryLength = (value: string) =>
  getIsArbitraryValue(value, isLabelLength, isLengthOnly);
export const isArbitraryWeight = (value: string) =>
  getIsArbitraryValue(value, isLabelWeight, isAny);
export const isArbitraryFamilyName = (value: string) =>
  getIsArbitraryValue(value, isLabelFamilyName, isNever);
export const isArbitraryShadow = (value: string) =>
  getIsArbitraryValue(value, isLabelShadow, isShadow);
export const isArbitraryVariableLength = (value: string) =>
  getIsArbitraryVariable(value, isLabelLength);
export const isArbitraryVariableFamilyName = (value: string) =>
  getIsArbitraryVariable(value, isLabelFamilyName);
export const isArbitraryVariableShadow = (value: string) =>
  getIsArbitraryVariable(value, isLabelShadow, true);
export const isArbitraryVariableWeight = (value: string) =>
  getIsArbitraryVariable(value, isLabelWeight, true);
