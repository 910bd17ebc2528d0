"""One module per keyword (800-819). Each reads the keyword from the object (`obj.has(...)`) and is
consulted by the procedure it changes: timing (迅捷 806, 反应 813), costs (急速 805, 法盾 809),
play restrictions (待命 811), play triggers (鼓舞, 800), Might in layers (强攻 807 assault, 坚守
shield), damage assignment (壁垒 tank, 后排 backline; 465), movement (游走 810 ganking), the
beginning phase (瞬息 816 temporary), death triggers in kills and cleanup (绝念 808 deathknell)."""
