// The class table `cn` merges with: tailwind-merge's own configuration (its `getDefaultConfig`
// of tailwind-merge 3.7), cut down to the class groups our screens use, so /login does not carry
// the whole default config (budget, issue 37: 107.1 kB with the full library, the budget is
// 103 kB). Group ids, definitions, their order and the conflicts are copied from the library;
// the theme holds our design tokens from styles/globals.css (`@theme`).
//
// cn-differential.test.ts compares `cn` with the full library (`twMerge` extended with the
// tokens of globals.css) on every pair of class tokens used in packages/ui/src, so a class of a
// group missing here fails that test: add the group, copied from tailwind-merge's
// src/lib/default-config.ts, at its place in the library's order (a group's place decides which
// of two groups sharing a prefix, such as `text-sm` and `text-fg`, wins).
import {
  fromTheme,
  type Config,
  type DefaultClassGroupIds,
  type DefaultThemeGroupIds,
} from 'tailwind-merge';
import {
  isAny,
  isAnyNonArbitrary,
  isArbitraryFamilyName,
  isArbitraryLength,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} from './cn-validators';

type Library = Config<DefaultClassGroupIds, DefaultThemeGroupIds>;

const themeColor = fromTheme('color');
const themeFont = fromTheme('font');
const themeText = fromTheme('text');
const themeFontWeight = fromTheme('font-weight');
const themeTracking = fromTheme('tracking');
const themeLeading = fromTheme('leading');
const themeBreakpoint = fromTheme('breakpoint');
const themeContainer = fromTheme('container');
const themeSpacing = fromTheme('spacing');
const themeRadius = fromTheme('radius');
const themeShadow = fromTheme('shadow');
const themeAnimate = fromTheme('animate');

const scaleOverflow = () => ['auto', 'hidden', 'clip', 'visible', 'scroll'] as const;
const scaleUnambiguousSpacing = () =>
  [isArbitraryVariable, isArbitraryValue, themeSpacing] as const;
const scaleInset = () => [isFraction, 'full', 'auto', ...scaleUnambiguousSpacing()] as const;
const scaleAlignPrimaryAxis = () =>
  [
    'start',
    'end',
    'center',
    'between',
    'around',
    'evenly',
    'stretch',
    'baseline',
    'center-safe',
    'end-safe',
  ] as const;
const scaleAlignSecondaryAxis = () =>
  ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe'] as const;
const scaleMargin = () => ['auto', ...scaleUnambiguousSpacing()] as const;
const scaleSizing = () =>
  [
    isFraction,
    'auto',
    'full',
    'dvw',
    'dvh',
    'lvw',
    'lvh',
    'svw',
    'svh',
    'min',
    'max',
    'fit',
    ...scaleUnambiguousSpacing(),
  ] as const;
const scaleColor = () => [themeColor, isArbitraryVariable, isArbitraryValue] as const;
const scaleRadius = () =>
  ['', 'none', 'full', themeRadius, isArbitraryVariable, isArbitraryValue] as const;
const scaleBorderWidth = () =>
  ['', isNumber, isArbitraryVariableLength, isArbitraryLength] as const;
const scaleLineStyle = () => ['solid', 'dashed', 'dotted', 'double'] as const;
const scaleTranslate = () => [isFraction, 'full', ...scaleUnambiguousSpacing()] as const;

const classGroups = {
  // Only the display values our screens use (the library lists 21), as with `cursor` below.
  display: [
    'block',
    'inline-block',
    'inline',
    'flex',
    'inline-flex',
    'table',
    'grid',
    'inline-grid',
    'contents',
    'hidden',
  ],
  sr: ['sr-only'],
  'not-sr': ['not-sr-only'],
  'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
  overflow: [{ overflow: scaleOverflow() }],
  'overflow-x': [{ 'overflow-x': scaleOverflow() }],
  'overflow-y': [{ 'overflow-y': scaleOverflow() }],
  position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
  inset: [{ inset: scaleInset() }],
  'inset-x': [{ 'inset-x': scaleInset() }],
  'inset-y': [{ 'inset-y': scaleInset() }],
  top: [{ top: scaleInset() }],
  right: [{ right: scaleInset() }],
  bottom: [{ bottom: scaleInset() }],
  left: [{ left: scaleInset() }],
  visibility: ['visible', 'invisible', 'collapse'],
  z: [{ z: [isInteger, 'auto', isArbitraryVariable, isArbitraryValue] }],
  basis: [{ basis: [isFraction, 'full', 'auto', themeContainer, ...scaleUnambiguousSpacing()] }],
  'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
  'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
  flex: [
    {
      flex: [
        isNumber,
        isFraction,
        'auto',
        'initial',
        'none',
        isArbitraryVariable,
        isArbitraryValue,
      ],
    },
  ],
  shrink: [{ shrink: ['', isNumber, isArbitraryVariable, isArbitraryValue] }],
  'grid-cols': [
    { 'grid-cols': [isInteger, 'none', 'subgrid', isArbitraryVariable, isArbitraryValue] },
  ],
  'col-start-end': [
    {
      col: [
        'auto',
        { span: ['full', isInteger, isArbitraryVariable, isArbitraryValue] },
        isInteger,
        isArbitraryVariable,
        isArbitraryValue,
      ],
    },
  ],
  gap: [{ gap: scaleUnambiguousSpacing() }],
  'gap-x': [{ 'gap-x': scaleUnambiguousSpacing() }],
  'gap-y': [{ 'gap-y': scaleUnambiguousSpacing() }],
  'justify-content': [{ justify: [...scaleAlignPrimaryAxis(), 'normal'] }],
  'align-items': [{ items: [...scaleAlignSecondaryAxis(), { baseline: ['', 'last'] }] }],
  'align-self': [{ self: ['auto', ...scaleAlignSecondaryAxis(), { baseline: ['', 'last'] }] }],
  'place-items': [{ 'place-items': [...scaleAlignSecondaryAxis(), 'baseline'] }],
  p: [{ p: scaleUnambiguousSpacing() }],
  px: [{ px: scaleUnambiguousSpacing() }],
  py: [{ py: scaleUnambiguousSpacing() }],
  pt: [{ pt: scaleUnambiguousSpacing() }],
  pr: [{ pr: scaleUnambiguousSpacing() }],
  pb: [{ pb: scaleUnambiguousSpacing() }],
  pl: [{ pl: scaleUnambiguousSpacing() }],
  mx: [{ mx: scaleMargin() }],
  my: [{ my: scaleMargin() }],
  mt: [{ mt: scaleMargin() }],
  mr: [{ mr: scaleMargin() }],
  mb: [{ mb: scaleMargin() }],
  ml: [{ ml: scaleMargin() }],
  'space-y': [{ 'space-y': scaleUnambiguousSpacing() }],
  size: [{ size: scaleSizing() }],
  w: [{ w: [themeContainer, 'screen', ...scaleSizing()] }],
  'min-w': [{ 'min-w': [themeContainer, 'screen', 'none', ...scaleSizing()] }],
  'max-w': [
    {
      'max-w': [
        themeContainer,
        'screen',
        'none',
        'prose',
        { screen: [themeBreakpoint] },
        ...scaleSizing(),
      ],
    },
  ],
  h: [{ h: ['screen', 'lh', ...scaleSizing()] }],
  'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...scaleSizing()] }],
  'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...scaleSizing()] }],
  'font-size': [{ text: ['base', themeText, isArbitraryVariableLength, isArbitraryLength] }],
  'font-style': ['italic', 'not-italic'],
  'font-weight': [{ font: [themeFontWeight, isArbitraryVariableWeight, isArbitraryWeight] }],
  'font-family': [{ font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, themeFont] }],
  'fvn-spacing': ['proportional-nums', 'tabular-nums'],
  tracking: [{ tracking: [themeTracking, isArbitraryVariable, isArbitraryValue] }],
  'line-clamp': [{ 'line-clamp': [isNumber, 'none', isArbitraryVariable, isArbitraryValue] }],
  leading: [{ leading: ['none', themeLeading, ...scaleUnambiguousSpacing()] }],
  'list-style-type': [{ list: ['disc', 'decimal', 'none', isArbitraryVariable, isArbitraryValue] }],
  'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
  'text-color': [{ text: scaleColor() }],
  'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
  'text-decoration-style': [{ decoration: [...scaleLineStyle(), 'wavy'] }],
  'underline-offset': [
    { 'underline-offset': [isNumber, 'auto', isArbitraryVariable, isArbitraryValue] },
  ],
  'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
  'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
  whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
  break: [{ break: ['normal', 'words', 'all', 'keep'] }],
  hyphens: [{ hyphens: ['none', 'manual', 'auto'] }],
  content: [{ content: ['none', isArbitraryVariable, isArbitraryValue] }],
  'bg-color': [{ bg: scaleColor() }],
  rounded: [{ rounded: scaleRadius() }],
  'rounded-br': [{ 'rounded-br': scaleRadius() }],
  'rounded-bl': [{ 'rounded-bl': scaleRadius() }],
  'border-w': [{ border: scaleBorderWidth() }],
  'border-w-t': [{ 'border-t': scaleBorderWidth() }],
  'border-w-r': [{ 'border-r': scaleBorderWidth() }],
  'border-w-b': [{ 'border-b': scaleBorderWidth() }],
  'border-w-l': [{ 'border-l': scaleBorderWidth() }],
  'divide-y': [{ 'divide-y': scaleBorderWidth() }],
  'border-style': [{ border: [...scaleLineStyle(), 'hidden', 'none'] }],
  'border-color': [{ border: scaleColor() }],
  'border-color-r': [{ 'border-r': scaleColor() }],
  'border-color-l': [{ 'border-l': scaleColor() }],
  'divide-color': [{ divide: scaleColor() }],
  'outline-style': [{ outline: [...scaleLineStyle(), 'none', 'hidden'] }],
  'outline-offset': [{ 'outline-offset': [isNumber, isArbitraryVariable, isArbitraryValue] }],
  'outline-w': [{ outline: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
  'outline-color': [{ outline: scaleColor() }],
  shadow: [
    {
      shadow: ['', 'inner', 'none', themeShadow, isArbitraryVariableShadow, isArbitraryShadow],
    },
  ],
  'shadow-color': [{ shadow: scaleColor() }],
  'ring-w': [{ ring: scaleBorderWidth() }],
  'ring-color': [{ ring: scaleColor() }],
  opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
  transition: [
    {
      transition: [
        '',
        'all',
        'colors',
        'opacity',
        'shadow',
        'transform',
        'none',
        isArbitraryVariable,
        isArbitraryValue,
      ],
    },
  ],
  animate: [{ animate: ['none', themeAnimate, isArbitraryVariable, isArbitraryValue] }],
  'translate-x': [{ 'translate-x': scaleTranslate() }],
  'translate-y': [{ 'translate-y': scaleTranslate() }],
  accent: [{ accent: scaleColor() }],
  appearance: [{ appearance: ['none', 'auto'] }],
  // Only the cursors our screens use (the library lists 35): the group's name and place stay the
  // library's, so a new cursor class fails cn-differential.test.ts until it is added here.
  cursor: [
    {
      cursor: [
        'grab',
        'grabbing',
        'help',
        'not-allowed',
        'pointer',
        'progress',
        isArbitraryVariable,
        isArbitraryValue,
      ],
    },
  ],
  'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
  resize: [{ resize: ['none', '', 'y', 'x'] }],
  'scroll-mt': [{ 'scroll-mt': scaleUnambiguousSpacing() }],
  touch: [{ touch: ['auto', 'none', 'manipulation'] }],
  select: [{ select: ['none', 'text', 'all', 'auto'] }],
  stroke: [{ stroke: ['none', ...scaleColor()] }],
} satisfies Partial<Library['classGroups']>;

// The library's default theme values of the scales the table reads, with our design tokens of
// globals.css added: container 'prose', radius and shadow 'card'…, spacing 'control'… (colours need
// none: any name is a colour).
const theme = {
  animate: ['spin', 'ping', 'pulse', 'bounce'],
  breakpoint: [isTshirtSize],
  color: [isAny],
  container: [isTshirtSize, 'prose'],
  font: [isAnyNonArbitrary],
  'font-weight': [
    'thin',
    'extralight',
    'light',
    'normal',
    'medium',
    'semibold',
    'bold',
    'extrabold',
    'black',
  ],
  leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose'],
  radius: [isTshirtSize, 'control', 'card', 'badge'],
  shadow: [isTshirtSize, 'card', 'overlay'],
  spacing: ['px', isNumber, 'target', 'control-sm', 'control', 'control-lg', 'gutter', 'section'],
  text: [isTshirtSize],
  tracking: ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest'],
} satisfies Partial<Library['theme']>;

type GroupId = keyof typeof classGroups;
type ThemeId = keyof typeof theme;

/** The configuration `createTailwindMerge` takes. */
export const classTable = (): Config<GroupId, ThemeId> => ({
  cacheSize: 500,
  theme,
  classGroups,
  conflictingClassGroups: {
    overflow: ['overflow-x', 'overflow-y'],
    inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
    'inset-x': ['right', 'left'],
    'inset-y': ['top', 'bottom'],
    flex: ['basis', 'shrink'],
    gap: ['gap-x', 'gap-y'],
    'place-items': ['align-items'],
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    mx: ['mr', 'ml'],
    my: ['mt', 'mb'],
    size: ['w', 'h'],
    'line-clamp': ['display', 'overflow'],
    sr: [
      'not-sr',
      'position',
      'size',
      'w',
      'h',
      'p',
      'px',
      'py',
      'pt',
      'pr',
      'pb',
      'pl',
      'mx',
      'my',
      'mt',
      'mr',
      'mb',
      'ml',
      'overflow',
      'overflow-x',
      'overflow-y',
      'whitespace',
    ],
    'not-sr': ['sr'],
    rounded: ['rounded-br', 'rounded-bl'],
    'border-w': ['border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
    'border-color': ['border-color-r', 'border-color-l'],
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: [
    '*',
    '**',
    'after',
    'backdrop',
    'before',
    'details-content',
    'file',
    'first-letter',
    'first-line',
    'marker',
    'placeholder',
    'selection',
  ],
});
