"""The per-process memories forget the least recently used entries first, by count and size."""

from games.memory import LRU


def test_the_least_recently_used_entry_goes_first():
    memory = LRU(max_entries=2)
    memory.put("a", 1)
    memory.put("b", 2)
    assert memory.get("a") == 1  # "b" is now the least recently used
    memory.put("c", 3)
    assert (memory.get("a"), memory.get("b"), memory.get("c")) == (1, None, 3)


def test_a_size_bound_drops_old_entries_until_the_new_one_fits():
    memory = LRU(max_entries=100, max_weight=10, weigh=len)
    memory.put("a", "x" * 4)
    memory.put("b", "x" * 4)
    memory.put("c", "x" * 4)  # 12 > 10: "a" goes
    assert memory.get("a") is None and memory.get("b") and memory.get("c") and memory.weight == 8
    memory.put("b", "x" * 9)  # replacing "b" counts its new size only: "c" goes
    assert memory.get("c") is None and memory.weight == 9
    memory.clear()
    assert memory.get("b") is None and memory.weight == 0
