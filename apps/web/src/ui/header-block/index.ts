export { HeaderBlock, HEADER_BLOCK_VARIANTS, type HeaderBlockProps, type HeaderBlockVariant } from './header-block';
