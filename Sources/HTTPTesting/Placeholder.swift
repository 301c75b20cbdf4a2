enum HTTPTestingPlaceholder {}
