//! Steps weighed against today's without a GPU: each is the library's shader with its `step`
//! function (and the walk's fields) replaced, so that it is priced exactly as today's step is
//! ([`price::kernels`]) and the two differ only where the design does.
//!
//! One is kept: the top row held in registers rather than read from workgroup memory each
//! turn. Its turn needs no load before its cell is tried, and the row to go back to is loaded
//! before the turn's outcome is known, which shortens the chain that binds today's step; but
//! choosing the next top row among the child, the same row and the row loaded costs selects of
//! four words, on the integer pipe that binds next. The guide's benchmarks chapter gives what
//! the model makes of it.

use crate::kernels::STEP_SHADER;
use crate::price::{self, Turn};

/// The step with its top row in registers (`Walk::top`): it stores a row only when it goes
/// down to the row's child, and loads the row to go back to, every turn, from the levels still
/// on the stack, before it knows whether it goes back.
pub const ROW_IN_REGISTERS: &str = r#"fn step(s: Walk, lid: u32) -> Walk {
    let here = s.top;
    let at_last = s.level == s.last;
    let at = s.level * WG + lid;
    let cells = select(below[min(at, WG * (LEVELS - 1u) - 1u)], s.bottom, at_last);
    let others = s.rows ^ (1u << s.level);
    let up = firstLeadingBit(others);
    let back = stack[min(up, LEVELS - 1u) * WG + lid];
    let bit = here.w & (0u - here.w);
    let rest = here.w ^ bit;
    let gap = (s.gaps >> (s.level * 2u)) & 3u;
    let c = here.x | bit;
    let l = (here.y | bit) << gap;
    let r = (here.z | bit) >> gap;
    let child = cells & ~(c | l | r);
    var w = s;
    w.gained = s.gained + select(0u, countOneBits(child), at_last);
    let stays = rest != 0u;
    let rows = select(others, s.rows, stays);
    let down = !at_last && child != 0u;
    if down {
        stack[at] = vec4<u32>(here.x, here.y, here.z, rest);
    }
    w.rows = select(rows, rows | (2u << s.level), down);
    w.top = select(vec4<u32>(here.xyz, rest), vec4<u32>(c, l, r, child), down);
    if !down && !stays {
        w.top = back;
    }
    w.level = select(select(up, s.level, stays), s.level + 1u, down);
    return w;
}

"#;

/// The field the walk gains for [`ROW_IN_REGISTERS`].
const TOP_FIELD: &str = "    top: vec4<u32>,\n";

/// Where the library's shader holds its `step` function: from its first line to its closing
/// brace's line, inclusive.
fn step_span() -> Result<(usize, usize), String> {
    let start = STEP_SHADER
        .find("fn step(s: Walk, lid: u32) -> Walk {")
        .ok_or("the shader has no step function")?;
    let end = STEP_SHADER[start..]
        .find("\n}\n")
        .ok_or("the step function does not end")?;
    Ok((start, start + end + 3))
}

/// The library's shader with `step` replaced by `step_fn` and `fields` added to the walk.
pub fn with_step(step_fn: &str, fields: &str) -> Result<String, String> {
    let (start, end) = step_span()?;
    let walk_end = STEP_SHADER
        .find("    gained: u32,\n}")
        .map(|e| e + "    gained: u32,\n".len())
        .filter(|&e| e < start)
        .ok_or("the walk, declared before the step, does not end with `gained`")?;
    Ok(format!(
        "{}{fields}{}{step_fn}{}",
        &STEP_SHADER[..walk_end],
        &STEP_SHADER[walk_end..start],
        &STEP_SHADER[end..]
    ))
}

/// The price of a turn of [`ROW_IN_REGISTERS`], with its loop, as [`price::kernels`] prices
/// today's step.
pub fn row_in_registers() -> Result<Turn, String> {
    let source = with_step(ROW_IN_REGISTERS, TOP_FIELD)?;
    Ok(price::kernels(&source)?.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::price::GPUS;

    #[test]
    fn the_row_in_registers_shortens_the_chain_and_loads_the_integer_pipe() {
        let (step, _) = price::kernels(STEP_SHADER).unwrap();
        let regs = row_in_registers().unwrap();
        // Replacing the step by itself changes nothing.
        let (start, end) = step_span().unwrap();
        assert_eq!(
            with_step(&STEP_SHADER[start..end], "").unwrap(),
            STEP_SHADER
        );
        // Today's step: 24 logic operations and a chain of 86 cycles; in registers, 32 and 66.
        assert_eq!((step.ops.logic, step.chain), (24.0, 86.0), "{step:?}");
        assert_eq!((regs.ops.logic, regs.chain), (32.0, 66.0), "{regs:?}");
        // At the 1.5 warps a scheduler that today's stack leaves on an H100, the chain binds
        // today's step and the integer pipe the variant, which is the dearer.
        let h100 = &GPUS[0];
        let (a, b) = (h100.bounds(&step, 1.5), h100.bounds(&regs, 1.5));
        assert_eq!((a.binding(), b.binding()), ("latency", "integer pipe"));
        assert!(h100.cycles(&regs, 1.5) > h100.cycles(&step, 1.5));
    }
}
