public enum GoldenPlaceholder {}
