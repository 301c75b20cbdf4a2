enum JarvisAPIPlaceholder {}
