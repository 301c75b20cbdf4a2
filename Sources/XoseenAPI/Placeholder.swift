enum XoseenAPIPlaceholder {}
