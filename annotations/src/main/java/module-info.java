/**
 * Idem's source-level contract: {@code @Tool}, {@code @Retry}, {@code @Param} and {@code ErrorType};
 * no dependencies.
 */
module dev.idem.annotations {
    exports dev.idem;
}
