/// First names from many cultures, as New York has them. A persona's display name is one of these plus an
/// invented last initial ("Amara K."), so no seed persona stands for a real person and the viewer picker can
/// tell two Amaras apart.
enum PersonaNames {
    static let women = [
        "Amara", "Thea", "Ada", "Priya", "Mei", "Sofia", "Fatima", "Yuki", "Zainab", "Lucia", "Nia", "Ingrid",
        "Leila", "Ananya", "Camila", "Hana", "Chiamaka", "Olga", "Rosa", "Aisha", "Noor", "Esperanza", "Keiko",
        "Marisol", "Adaeze", "Freya", "Siobhan", "Mariam", "Daniela", "Ji-woo", "Lakshmi", "Tamar", "Valentina",
        "Imani", "Ayesha", "Beatriz", "Svetlana", "Kalani", "Nadia", "Ximena", "Zuri", "Elif", "Greta", "Paloma",
        "Rania", "Sunita", "Thandiwe", "Yara", "Esther", "Makena", "Linh", "Aroha", "Dalia", "Maeve", "Gabriela",
        "Shira", "Nkechi", "Anouk", "Farah", "Isadora", "Lena", "Min-seo", "Oksana", "Pilar", "Saoirse", "Uma",
        "Vivian", "Wanjiru", "Xiu", "Yasmin", "Zofia", "Celeste", "Dilnoza", "Guadalupe", "Halima",
    ]
    static let men = [
        "Levi", "Mateo", "Kwame", "Arjun", "Hiroshi", "Omar", "Luca", "Tariq", "Diego", "Chidi", "Sven", "Rafael",
        "Jamal", "Kenji", "Ibrahim", "Nikolai", "Santiago", "Emeka", "Aarav", "Dmitri", "Jonah", "Malik", "Tomás",
        "Yusuf", "Bao", "Caleb", "Darius", "Elijah", "Felipe", "Gideon", "Hamza", "Ilan", "Jae-won", "Kofi",
        "Lorenzo", "Marcus", "Nasser", "Oren", "Pablo", "Rohan", "Sami", "Teodor", "Uriel", "Vikram", "Wei",
        "Xavier", "Yosef", "Amir", "Benedikt", "Cyrus", "Desmond", "Enzo", "Finn", "Gustavo", "Hugo", "Idris",
        "Joaquín", "Kenta", "Mihail", "Obinna", "Pedro", "Ravi", "Soren", "Tevita", "Viktor", "Wiremu", "Zaid",
    ]
    static let neutral = [
        "Alex", "River", "Sam", "Jordan", "Rowan", "Sasha", "Kai", "Noa", "Quinn", "Ari", "Robin", "Eden", "Sage",
        "Remy", "Jules", "Avery", "Emerson", "Harper", "Indigo", "Jun", "Kit", "Lior", "Marlowe", "Nico", "Oakley",
        "Phoenix", "Reese", "Shay", "Taylor", "Zion", "Dakota", "Elliot", "Frankie", "Hollis", "Kendall", "Lennox",
        "Morgan", "Ocean", "Akira", "Tenzin", "Amani", "Nour", "Yuval", "Chayton",
    ]
    /// Last initials; a few letters rare as initials are left out.
    static let initials = Array("ABCDEFGHIJKLMNOPRSTVWYZ").map(String.init)

    static func displayName(for gender: Gender, using rng: inout SplitMix64) -> String {
        let pool: [String]
        switch gender {
        case .woman: pool = rng.chance(0.1) ? neutral : women
        case .man: pool = rng.chance(0.1) ? neutral : men
        case .nonbinary: pool = rng.chance(0.75) ? neutral : (rng.chance(0.5) ? women : men)
        }
        return rng.pick(pool) + " " + rng.pick(initials) + "."
    }
}
