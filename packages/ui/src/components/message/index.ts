export { safeFileHref } from './file-href';
export { MessageFileIcon, type MessageFileIconProps } from './file-icon';
export { FILE_KIND_LABELS, fileKindOf, type FileKind } from './file-kind';
export { formatMessageTime, type TimeFormatOptions } from './format-time';
export { LinkifiedText, type LinkifiedTextProps } from './linkified-text';
export {
  linkify,
  safeHttpUrl,
  type LinkSegment,
  type LinkifySegment,
  type TextSegment,
} from './linkify';
export {
  MessageBubble,
  type MessageBubbleMessage,
  type MessageBubbleProps,
  type MessageStatus,
} from './message-bubble';
