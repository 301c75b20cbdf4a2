enum RuntimePlaceholder {}
