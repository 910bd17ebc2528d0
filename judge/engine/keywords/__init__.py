"""One module per keyword (800-819). Each reads the keyword from the object (`obj.has(...)`) and is
consulted by the procedure it changes: timing (迅捷 806, 反应 813), costs (急速 805, 法盾 809),
play restrictions (待命 811), play triggers (鼓舞, 800). 强攻/坚守 live in layers, 壁垒 in damage
assignment, 游走 in movement, 绝念 in chain, 瞬息 in turn (part 1)."""
