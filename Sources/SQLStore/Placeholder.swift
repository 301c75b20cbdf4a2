public enum SQLStorePlaceholder {}
