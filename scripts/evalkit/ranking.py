"""What the ranker evaluations share: the development / final split of a replay, and AUC."""


def stable_hash(*parts):
    """FNV-1a over UTF-8 with 0xFF after each part (the same scheme as the server's StableSeed)."""
    h = 0xCBF29CE484222325
    for part in parts:
        for byte in part.encode():
            h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        h = ((h ^ 0xFF) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def auc(scores, labels):
    """Probability that a random like outranks a random pass, ties counting half."""
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    rank_sum, pos, i = 0.0, 0, 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        for k in range(i, j + 1):
            if labels[order[k]] > 0.5:
                rank_sum += (i + j) / 2 + 1
                pos += 1
        i = j + 1
    neg = len(scores) - pos
    return 0.5 if pos == 0 or neg == 0 else (rank_sum - pos * (pos + 1) / 2) / (pos * neg)
