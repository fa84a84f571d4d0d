#!/usr/bin/python3
"""Trains the card-location networks of the learned inference (docs/inference.md) with PyTorch.

Reads the position files that `skat infer data` writes, trains one network per game class (suit,
grand, null) to predict where each of the 32 cards lay when the card play began (four locations,
seen from the position to move), keeps the epoch with the lowest validation loss (early stopping),
and writes the model file that the bots load (`infer=learned,model=FILE`): half-float weights in
the layout that bots/inference/location_model.cpp reads.

  scripts/train-inference.py --data positions.bin [--data more.bin] --out tables/inference.bin
      [--epochs 12] [--seed 1] [--history 128,32] [--hidden 256,256] [--threads 2] [--keep CLASS=MODEL]

--keep null=old.bin copies that class's networks from an existing model file instead of training
them (a class retrained on its own data, the others kept as they are).

Deterministic for a seed and a thread count (torch.manual_seed; data order from numpy's generator).
Uses Debian's python3-torch (apt-get install python3-torch); the first line names /usr/bin/python3.
"""
import argparse
import json
import struct
import sys
import time

import numpy as np
import torch
from torch import nn

MAGIC_DATA = b"SKATPOS1"
MAGIC_MODEL = b"SKATLOC1"
STATE_WIDTH = 362  # bots/inference/card_features.h, layout
HISTORY_WIDTH = 24 * 35
WIDTH = STATE_WIDTH + HISTORY_WIDTH
CARDS, LOCATIONS = 32, 4
CLASSES = ("suit", "grand", "null")


def read_positions(paths):
    """All records of the data files: class, trick, weight, targets (n x 32), features (n x WIDTH)."""
    parts = []
    for path in paths:
        with open(path, "rb") as f:
            head = f.read(16)
            if len(head) < 16 or head[:8] != MAGIC_DATA:
                sys.exit(f"{path}: not a position data file")
            width, record = struct.unpack("<II", head[8:])
            if width != WIDTH:
                sys.exit(f"{path}: feature width {width}, this trainer expects {WIDTH}")
            raw = np.frombuffer(f.read(), dtype=np.uint8)
        if raw.size % record:
            sys.exit(f"{path}: truncated record")
        parts.append(raw.reshape(-1, record))
    rows = np.concatenate(parts) if parts else np.zeros((0, 8 + CARDS + 152), np.uint8)
    classes = rows[:, 0].astype(np.int64)
    tricks = rows[:, 1].astype(np.int64)
    weights = rows[:, 4:8].copy().view("<f4").reshape(-1)
    targets = rows[:, 8 : 8 + CARDS].astype(np.int64)
    bits = np.unpackbits(rows[:, 8 + CARDS :], axis=1, bitorder="little")[:, :WIDTH]
    return classes, tricks, weights, targets, bits


class LocationNet(nn.Module):
    """The history block through its own layers, then with the state block through the main layers."""

    def __init__(self, history_sizes, hidden_sizes):
        super().__init__()
        layers, width = [], HISTORY_WIDTH
        for size in history_sizes:
            layers += [nn.Linear(width, size), nn.ELU()]
            width = size
        self.history = nn.Sequential(*layers)
        layers, width = [], STATE_WIDTH + width
        for size in hidden_sizes:
            layers += [nn.Linear(width, size), nn.ELU()]
            width = size
        layers.append(nn.Linear(width, CARDS * LOCATIONS))
        self.main = nn.Sequential(*layers)

    def forward(self, x):
        h = self.history(x[:, STATE_WIDTH:])
        return self.main(torch.cat([x[:, :STATE_WIDTH], h], dim=1)).view(-1, CARDS, LOCATIONS)

    def linears(self, block):
        return [m for m in block if isinstance(m, nn.Linear)]


def loss_of(net, x, y, w):
    """Weighted mean over positions of the mean cross-entropy of the 32 cards."""
    logits = net(x)
    per_card = nn.functional.cross_entropy(logits.reshape(-1, LOCATIONS), y.reshape(-1), reduction="none")
    per_position = per_card.view(-1, CARDS).mean(dim=1)
    return (per_position * w).sum() / w.sum().clamp(min=1e-9)


def train_class(name, x, y, w, args, rng):
    """One class's network; the validation set is the last tenth of the positions (whole games)."""
    n = len(x)
    cut = max(1, int(n * 0.9)) if n > 1 else n
    xt, yt, wt = x[:cut], y[:cut], w[:cut]
    xv, yv, wv = (x[cut:], y[cut:], w[cut:]) if cut < n else (x, y, w)
    net = LocationNet(args.history, args.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    best, best_state, report = float("inf"), None, []
    for epoch in range(args.epochs):
        net.train()
        order = rng.permutation(len(xt))
        for start in range(0, len(order), args.batch):
            idx = torch.from_numpy(order[start : start + args.batch])
            opt.zero_grad()
            loss = loss_of(net, torch.from_numpy(xt[idx.numpy()]).float(), torch.from_numpy(yt[idx.numpy()]),
                           torch.from_numpy(wt[idx.numpy()]))
            loss.backward()
            opt.step()
        net.eval()
        with torch.no_grad():
            val = 0.0
            for start in range(0, len(xv), 4096):
                sl = slice(start, start + 4096)
                part = loss_of(net, torch.from_numpy(xv[sl]).float(), torch.from_numpy(yv[sl]), torch.from_numpy(wv[sl]))
                val += float(part) * float(wv[sl].sum())
            val /= max(float(wv.sum()), 1e-9)
        report.append(round(val, 5))
        print(f"{name}: epoch {epoch + 1} validation loss {val:.4f}", flush=True)
        if val < best:
            best, best_state = val, {k: v.clone() for k, v in net.state_dict().items()}
        elif epoch - int(np.argmin(report)) >= args.patience:
            break
    net.load_state_dict(best_state)
    return net, {"positions": n, "validation_positions": len(xv), "validation_loss": report}


def write_layer(out, linear):
    weight = linear.weight.detach().numpy().astype("<f2")
    bias = linear.bias.detach().numpy().astype("<f2")
    out.write(struct.pack("<II", weight.shape[0], weight.shape[1]))
    out.write(weight.tobytes(order="C"))
    out.write(bias.tobytes())


def write_model(path, nets, version):
    with open(path, "wb") as out:
        out.write(MAGIC_MODEL)
        text = version.encode()
        out.write(struct.pack("<II", WIDTH, len(text)))
        out.write(text)
        for net in nets:
            for block in (net.history, net.main):
                linears = net.linears(block)
                out.write(struct.pack("<I", len(linears)))
                for linear in linears:
                    write_layer(out, linear)


def read_exactly(f, size):
    data = f.read(size)
    if len(data) != size:
        sys.exit(f"{f.name}: truncated model file")
    return data


def read_layer(f):
    outputs, inputs = struct.unpack("<II", read_exactly(f, 8))
    weight = np.frombuffer(read_exactly(f, 2 * outputs * inputs), dtype="<f2").reshape(outputs, inputs)
    bias = np.frombuffer(read_exactly(f, 2 * outputs), dtype="<f2")
    return weight, bias


def read_model(path):
    """The three networks of a model file that write_model wrote (weights as its half floats)."""
    with open(path, "rb") as f:
        if f.read(8) != MAGIC_MODEL:
            sys.exit(f"{path}: not a model file")
        width, length = struct.unpack("<II", read_exactly(f, 8))
        if width != WIDTH:
            sys.exit(f"{path}: feature width {width}, this trainer expects {WIDTH}")
        read_exactly(f, length)
        nets = []
        for _ in CLASSES:
            blocks = []
            for _ in range(2):
                (count,) = struct.unpack("<I", read_exactly(f, 4))
                blocks.append([read_layer(f) for _ in range(count)])
            history, main = blocks
            net = LocationNet([w.shape[0] for w, _ in history], [w.shape[0] for w, _ in main[:-1]])
            with torch.no_grad():
                for linear, (w, b) in zip(net.linears(net.history) + net.linears(net.main), history + main):
                    if tuple(linear.weight.shape) != w.shape:
                        sys.exit(f"{path}: layers do not chain")
                    linear.weight.copy_(torch.from_numpy(w.astype(np.float32)))
                    linear.bias.copy_(torch.from_numpy(b.astype(np.float32)))
            nets.append(net)
    return nets


def kept_networks(specs):
    """--keep CLASS=MODEL: per class name, MODEL and that class's network read from it (each file read once)."""
    models, kept = {}, {}
    for spec in specs:
        name, _, path = spec.partition("=")
        if name not in CLASSES or not path:
            sys.exit(f"--keep {spec}: expected CLASS=MODEL with CLASS one of {', '.join(CLASSES)}")
        if path not in models:
            models[path] = read_model(path)
        kept[name] = (path, models[path][CLASSES.index(name)])
    return kept


def write_predictions(path, nets, data, count):
    """What `skat infer predict` must print for the same positions: the nets with their weights
    rounded to half floats, as the model file holds them."""
    classes, _, _, _, bits = read_positions([data])
    out = []
    with torch.no_grad():
        for net in nets:
            for param in net.parameters():
                param.copy_(param.half().float())
            net.eval()
        for i in range(min(count, len(bits))):
            logits = nets[int(classes[i])](torch.from_numpy(bits[i : i + 1]).float())
            out.append(torch.softmax(logits, dim=2)[0].tolist())
    with open(path, "w") as f:
        json.dump(out, f)


def sizes(text):
    return [int(s) for s in text.split(",") if s]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", action="append", required=True, help="a file of `skat infer data` (repeatable)")
    p.add_argument("--out", required=True, help="the model file to write")
    p.add_argument("--epochs", type=int, default=12)
    p.add_argument("--patience", type=int, default=2, help="epochs without a better validation loss before stopping")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--history", type=sizes, default=[128, 32], help="history layers, e.g. 128,32")
    p.add_argument("--hidden", type=sizes, default=[256, 256], help="main hidden layers, e.g. 256,256")
    p.add_argument("--version", default="", help="the model's version text (default: data and settings)")
    p.add_argument("--report", help="also write the training report as JSON here")
    p.add_argument("--predictions", help="also write, as JSON, the probabilities the written model (its "
                   "half-float weights) gives for the first --predict-count positions of the first data file")
    p.add_argument("--predict-count", type=int, default=20)
    p.add_argument("--keep", action="append", default=[], metavar="CLASS=MODEL",
                   help="copy this class's networks from MODEL instead of training them (repeatable)")
    args = p.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    kept = kept_networks(args.keep)
    classes, _, weights, targets, bits = read_positions(args.data)
    nets, report = [], {"data": args.data, "seed": args.seed, "history": args.history, "hidden": args.hidden}
    for c, name in enumerate(CLASSES):
        mask = classes == c
        if name in kept:
            print(f"{name}: kept from {kept[name][0]}", flush=True)
            nets.append(kept[name][1])
            report[name] = {"kept_from": kept[name][0]}
            continue
        if not mask.any():  # no games of this class: a network that says "uniform" (zero output layer)
            print(f"{name}: no positions", flush=True)
            net = LocationNet(args.history, args.hidden)
            with torch.no_grad():
                net.linears(net.main)[-1].weight.zero_()
                net.linears(net.main)[-1].bias.zero_()
            nets.append(net)
            report[name] = {"positions": 0}
            continue
        net, r = train_class(name, bits[mask], targets[mask], weights[mask], args, rng)
        nets.append(net)
        report[name] = r
    report["seconds"] = round(time.time() - started, 1)
    version = args.version or (
        f"{sum(int((classes == c).sum()) for c in range(3))} positions, seed {args.seed}, "
        f"history {args.history}, hidden {args.hidden}"
    )
    report["version"] = version
    write_model(args.out, nets, version)
    if args.predictions:
        write_predictions(args.predictions, nets, args.data[0], args.predict_count)
    if args.report:
        with open(args.report, "w") as f:
            json.dump(report, f, indent=1)
    print(f"model {args.out}: {version}; {report['seconds']} s", flush=True)


if __name__ == "__main__":
    main()
