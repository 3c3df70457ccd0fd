/**
 * Block type -> the remote module that draws it: the table lives in @storefront/contracts
 * (BLOCK_MODULES, beside each block type's schema), so a remote that owns a block adds its module
 * there and mf-content's renderer loads it without a change here.
 */
export { BLOCK_MODULES as blockRegistry, blockModuleFor } from '@storefront/contracts';
